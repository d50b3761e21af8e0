package import FCStore

/// The order cards are shown in a spaced session: due cards first, weakest first, shuffled within each level;
/// then new cards in deck order.
///
/// New cards keep deck order (position) because batches are generated from basics to advanced material; due
/// cards are shuffled within a knowledge level (``KnowledgeLevel``) so that a session does not always start with
/// the same card, and with the injected generator so tests are deterministic.
///
/// ```swift
/// var rng = SplitMix64(seed: 1)
/// let queue = StudyQueue.order(due: candidates, new: newIDs, limit: 25, using: &rng)
/// ```
public enum StudyQueue {
    /// The session sizes a learner can choose.
    public static let sizes = [10, 25, 50]

    /// How many due candidates to read per card wanted: enough that shuffling within the weakest levels draws
    /// from more than just the earliest-due cards, few enough to stay an index walk.
    static let candidatesPerCard = 10

    /// Orders `due` (already weakest level first, then earliest due) and `new` (deck order) into at most `limit`
    /// card ids.
    package static func order(
        due: [DueCandidate], new: [Int64], limit: Int, using generator: inout some RandomNumberGenerator
    ) -> [Int64] {
        var queue: [Int64] = []
        queue.reserveCapacity(limit)
        var index = due.startIndex
        while index < due.endIndex && queue.count < limit {
            let level = due[index].level
            var end = index
            while end < due.endIndex && due[end].level == level { end += 1 }
            // Sorted before the shuffle: cards of one level that fall due at the same moment come back from the
            // store in no defined order (PostgreSQL's varies from run to run), and a seed must give one queue.
            queue += due[index..<end].map(\.cardID).sorted().shuffled(using: &generator)
            index = end
        }
        if queue.count < limit { queue += new.prefix(limit - queue.count) }
        return Array(queue.prefix(limit))
    }
}
