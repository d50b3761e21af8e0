import FCCore
import FCGenerator
import FCSanitizer

extension Pipeline {
    /// A provider's reply and how long it took, retries included.
    struct TimedCompletion: Sendable {
        var completion: Completion
        var promptHash: String
        var latency: Duration
        /// With streaming: the cards already reported for this batch (since its last restart); `nil` without.
        var streamed: [CardDraft]?
        /// What the reply cost (``Pricing/cost(of:estimate:)``); `nil` when the model has no price.
        var cost: Double?
    }

    /// Sends the batch's request, streaming it when the options ask and the provider can.
    func complete(
        _ request: GenerationRequest, options: GenerationOptions, existingKeys: Set<String>,
        questions: TopicQuestionIndex.Snapshot, estimate: Double?
    ) async -> Result<TimedCompletion, any Error> {
        do {
            guard options.stream, provider.streams else {
                let (completion, latency) = try await elapsed(on: clock) { try await provider.complete(request) }
                return .success(
                    TimedCompletion(
                        completion: completion, promptHash: request.prompt.hash, latency: latency,
                        cost: pricing.cost(of: completion, estimate: estimate)))
            }
            let stream = CardStream(
                topic: request.topic, number: request.plan.number,
                options: sanitizerOptions(topic: request.topic, plan: request.plan, kinds: request.kinds),
                existingKeys: existingKeys, questions: questions, events: events)
            let (completion, latency) = try await elapsed(on: clock) {
                try await provider.stream(request, updates: { stream.receive($0) })
            }
            return .success(
                TimedCompletion(
                    completion: completion, promptHash: request.prompt.hash, latency: latency,
                    streamed: stream.emitted, cost: pricing.cost(of: completion, estimate: estimate)))
        } catch {
            return .failure(error)
        }
    }
}
