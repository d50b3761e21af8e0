package import FCCore
package import FCStore
package import Foundation

/// A learner's feed of one topic, for an endless-scroll front end: due cards first, then unseen ones, never fallback
/// cards; and when the learner is running out, the refill job that brings more.
///
/// The feed's rules live here, not in the route: a refill is asked for when the learner's unseen cards fall below the
/// topic's threshold and no refill job is open; the feed is `exhausted` when the learner has seen every card and
/// none will come (no policy, the batch cap reached, or the open job is dead).
package enum StudyFeed {
    /// One page of the feed.
    package struct Page: Sendable {
        package var cards: [Card]
        /// The pictures of the page's cards that have one, by card id.
        package var images: [Int64: CardImageInfo]
        /// A refill job is queued, running or waiting for its retry: more cards come.
        package var refilling: Bool
        /// The learner has seen every card and no more will come.
        package var exhausted: Bool
        /// The learner's unseen cards of the topic, counted up to the larger of the limit and the refill threshold.
        package var unseen: Int
    }

    /// The next `limit` cards of `topicID` for `userID`, due by `until`, read in one snapshot; enqueues a refill job
    /// (with `refillAttempts` attempts) when the learner's unseen stock is below the topic's threshold.
    ///
    /// - Throws: ``FCStore/StoreError/topicNotFound(topicID:)``.
    package static func page(
        on store: Store, topicID: Int64, userID: Int64, until: Date, limit: Int, refillAttempts: Int
    ) async throws -> Page {
        // One read: one hop to a store thread and one snapshot for the feed's queries.
        var read = try await store.read { db in
            try await db.feed(userID: userID, topicID: topicID, until: until, limit: limit)
        }
        if let policy = read.policy, read.unseenIDs.count < policy.refillBelow, read.openJob == nil,
            let job = try await RefillJobs.enqueue(on: store, topicID: topicID, maxAttempts: refillAttempts)
        {
            read.openJob = job
        }
        let refilling = read.openJob.map { $0.status != .dead } ?? false
        let capReached = read.policy?.maxBatches.map { read.batchCount >= $0 } ?? false
        let canRefill = read.policy != nil && !capReached && read.openJob?.status != .dead
        return Page(
            cards: read.cards, images: read.images, refilling: refilling,
            exhausted: read.unseenIDs.isEmpty && !refilling && !canRefill, unseen: read.unseenIDs.count)
    }
}
