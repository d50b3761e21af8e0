package import FCCore
package import Foundation

/// What a learner's feed of one topic reads, in one snapshot.
package struct FeedRead: Sendable {
    /// The topic's refill policy, `nil` when it is not subscribed to refills.
    package var policy: TopicPolicy?
    package var batchCount: Int
    /// The topic's open refill job (queued, running, failed or dead), if any.
    package var openJob: Job?
    /// The learner's unseen cards of the topic, in deck order, at most the larger of the limit and the threshold.
    package var unseenIDs: [Int64]
    /// The cards to show: due first, then unseen, at most the limit.
    package var cards: [Card]
    /// The pictures of those cards that have one, by card id: what offline study keeps beside the card.
    package var images: [Int64: CardImageInfo] = [:]
}

extension Database {
    /// The feed of one topic for one learner: due cards first, then unseen ones, never fallback cards, with what
    /// the caller needs to decide on a refill.
    ///
    /// Reads only what the feed uses. ``topicRefillStatus(topicID:)`` also counts the topic's cards and the
    /// unstudied ones (an aggregate over every learner's states of the topic) and lists all its jobs: that made
    /// a feed cost 0.38 ms on `fcgen-bench serve`'s 1,000-card topics, most of a request's time.
    ///
    /// - Throws: ``StoreError/topicNotFound(topicID:)``.
    package func feed(userID: Int64, topicID: Int64, until: Date, limit: Int) async throws -> FeedRead {
        let topic = try await connection.withServerPreparedQuery(
            """
            SELECT t.refill_below, t.batch_size, t.max_batches,
                CASE WHEN t.max_batches IS NULL THEN 0 ELSE \(raw: RefillRule.batchCountSQL) END
            FROM topics t WHERE t.id = \(topicID) AND t.import_staging_id IS NULL
            """,
            operation: "read topic feed policy"
        ) { statement in
            guard try await statement.step() else { throw StoreError.topicNotFound(topicID: topicID) }
            return (policy: Self.policy(from: statement, at: 0), batches: statement.int(at: 3))
        }
        let due = try await dueCandidates(userID: userID, topicIDs: [topicID], until: until, limit: limit)
        let unseen = try await newCardIDs(
            userID: userID, topicIDs: [topicID], limit: max(limit, topic.policy?.refillBelow ?? 0))
        let ids = Array(due.map(\.cardID) + unseen.prefix(max(0, limit - due.count)))
        let shown = try await cardsAndImages(ids: ids)
        return await FeedRead(
            policy: topic.policy, batchCount: topic.batches, openJob: try openRefillJob(topicID: topicID),
            unseenIDs: unseen, cards: shown.cards, images: shown.images)
    }

    /// The topic's open refill job, through the `jobs_one_open_per_topic` index.
    func openRefillJob(topicID: Int64) async throws -> Job? {
        try await connection.withServerPreparedQuery(
            """
            \(raw: Self.jobColumns) WHERE j.topic_id = \(topicID) AND j.kind = 'refill'
                AND j.status IN ('queued', 'running', 'failed', 'dead')
            """,
            operation: "read open refill job"
        ) { statement in
            return try await statement.step() ? try Self.job(from: statement) : nil
        }
    }
}
