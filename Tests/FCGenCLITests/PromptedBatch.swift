import FCTestSupport
import Foundation

/// The topic and batch number a recorded chat-completion request asked for, read from its prompt
/// (`Write exactly 5 flashcards about "Topic".` … `This is batch 7 for this topic.`).
struct PromptedBatch: Hashable, CustomStringConvertible {
    var topic: String
    var batch: Int

    var description: String { "\"\(topic)\" batch \(batch)" }

    /// `nil` when the request is not a card request of the built-in prompt (an outline request, a stray call).
    init?(_ request: LoopbackServer.RecordedRequest) {
        guard let messages = request.json?["messages"] as? [[String: Any]] else { return nil }
        let prompt = messages.compactMap { $0["content"] as? String }.joined(separator: "\n")
        guard let topic = prompt.firstMatch(of: /flashcards about "([^"\n]+)"/)?.output.1,
            let batch = prompt.firstMatch(of: /This is batch ([0-9]+) for this topic/)?.output.1
        else { return nil }
        self.topic = String(topic)
        self.batch = Int(batch) ?? 0
    }

    init(topic: String, batch: Int) {
        self.topic = topic
        self.batch = batch
    }

    /// How many requests asked for each batch; the requests that are no card request of the prompt under `nil`.
    static func counts(_ requests: [LoopbackServer.RecordedRequest]) -> [PromptedBatch?: Int] {
        requests.reduce(into: [:]) { counts, request in counts[PromptedBatch(request), default: 0] += 1 }
    }
}
