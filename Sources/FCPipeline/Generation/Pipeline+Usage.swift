import FCCore
import FCGenerator
import FCStore

extension Pipeline {
    /// Writes the usage ledger row of a reply that was paid for but is not stored. Best effort: the error that
    /// left the reply unstored is the one the caller reports, and a database that refuses this row refused the
    /// batch too.
    func recordUnstored(_ timed: TimedCompletion, topicID: Int64?, topic: String) async {
        await recordUsage(timed.completion, cost: timed.cost, kind: .unstored, topicID: topicID, topic: topic)
    }

    /// After a batch failed: cancels the batches still in flight, waits for them, and records every reply that had
    /// arrived as paid but not stored. That is the replies waiting in `finished` for the failed batch, and those that
    /// finish while the cancellation spreads: a reply received is paid for, however late its task hands it over.
    func recordRepliesLeftByAFailure(
        finished: [Int: Result<TimedCompletion, any Error>],
        cancelling group: inout ThrowingTaskGroup<(Int, Result<TimedCompletion, any Error>), any Error>,
        topicID: Int64?, topic: String
    ) async {
        group.cancelAll()
        var paid = finished.values.compactMap { try? $0.get() }
        while let next = try? await group.next() {
            if case .success(let later) = next.1 { paid.append(later) }
        }
        for later in paid { await recordUnstored(later, topicID: topicID, topic: topic) }
    }

    /// Writes a usage ledger row on its own (an outline, an unstored reply); best effort, as above.
    func recordUsage(_ completion: Completion, cost: Double?, kind: UsageKind, topicID: Int64?, topic: String) async {
        await recordUsage(
            completion.usage, model: completion.model, cost: cost, kind: kind, topicID: topicID, topic: topic)
    }

    /// Writes a usage ledger row of `usage` on its own (a review whose batch was not stored); best effort, as above.
    /// An empty `model` is the provider's.
    func recordUsage(
        _ usage: TokenUsage, model: String, cost: Double?, kind: UsageKind, topicID: Int64?, topic: String
    ) async {
        let entry = UsageEntry(
            topicID: topicID, topicName: topic, kind: kind, provider: provider.name,
            model: model.isEmpty ? provider.model : model, usage: usage, costUSD: cost)
        try? await UsageLedger.record(on: store, entry)
    }
}
