import FCGenerator
import FCStore

extension Pipeline {
    /// Writes the usage ledger row of a reply that was paid for but is not stored. Best effort: the error that
    /// left the reply unstored is the one the caller reports, and a database that refuses this row refused the
    /// batch too.
    func recordUnstored(_ timed: TimedCompletion, topicID: Int64?, topic: String) async {
        await recordUsage(timed.completion, cost: timed.cost, kind: .unstored, topicID: topicID, topic: topic)
    }

    /// Writes a usage ledger row on its own (an outline, an unstored reply); best effort, as above.
    func recordUsage(_ completion: Completion, cost: Double?, kind: UsageKind, topicID: Int64?, topic: String) async {
        let entry = UsageEntry(
            topicID: topicID, topicName: topic, kind: kind, provider: provider.name,
            model: completion.model.isEmpty ? provider.model : completion.model, usage: completion.usage,
            costUSD: cost)
        try? await store.recordUsage(entry)
    }
}
