import FCCore
import FCGenerator
import FCSanitizer
import Synchronization

/// One batch's streamed reply: reads cards from the text as it arrives and reports each new one as a
/// ``PipelineEvent/cardStreamed(topic:number:index:card:)``.
///
/// Fed by the provider's task; read by the pipeline once the completion is in. A new attempt (retry, downgrade)
/// voids what was streamed and says so with ``PipelineEvent/batchRestarted(topic:number:reason:)``.
final class CardStream: Sendable {
    private let topic: String
    private let number: Int
    private let events: PipelineEventHandler
    private let reader: Mutex<StreamingCardReader>

    init(
        topic: String, number: Int, options: SanitizerOptions, existingKeys: Set<String>,
        questions: TopicQuestionIndex.Snapshot, events: @escaping PipelineEventHandler
    ) {
        self.topic = topic
        self.number = number
        self.events = events
        reader = Mutex(StreamingCardReader(options: options, existingKeys: existingKeys, questions: questions))
    }

    /// The cards reported since the last restart, in order.
    var emitted: [CardDraft] { reader.withLock { $0.emitted } }

    /// Handles one update from the provider.
    func receive(_ update: StreamUpdate) {
        // Events go out inside the lock so that two updates can never report their cards out of order.
        reader.withLock { reader in
            switch update {
            case .attemptStarted:
                guard !reader.text.isEmpty else { return }
                if !reader.emitted.isEmpty {
                    events(.batchRestarted(topic: topic, number: number, reason: "the request is sent again"))
                }
                reader.reset()
            case .text(let piece):
                let start = reader.emitted.count
                for (offset, card) in reader.append(piece).enumerated() {
                    events(.cardStreamed(topic: topic, number: number, index: start + offset, card: card))
                }
            }
        }
    }
}
