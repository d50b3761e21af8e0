package import FCStore
package import Foundation

/// The reads study queues and statistics are made of, each one read of the store through its
/// ``FCStore/StudyQueueRepository``: what `StudyService` builds a session's queue from, what `fcgen due`, `fcgen
/// learn`, the statistics and the topic routes count. Suspended and buried cards are never due, new or practice
/// cards; fallback cards only with `includeFallback`.
package enum StudyReads {
    /// The learner's cards due at or before `until` (of `topicIDs`, or every topic), weakest level first and then
    /// earliest due, at most `limit`.
    package static func dueCandidates(
        on store: Store, userID: Int64, topicIDs: [Int64]?, until: Date, limit: Int, includeFallback: Bool = false
    ) async throws -> [DueCandidate] {
        try await store.read { db in
            try await db.dueCandidates(
                userID: userID, topicIDs: topicIDs, until: until, limit: limit, includeFallback: includeFallback)
        }
    }

    /// Cards of `topicIDs` (every topic: `nil`) the learner has never reviewed, in deck order, at most `limit`.
    package static func newCardIDs(
        on store: Store, userID: Int64, topicIDs: [Int64]?, limit: Int, includeFallback: Bool = false
    ) async throws -> [Int64] {
        try await store.read { db in
            try await db.newCardIDs(userID: userID, topicIDs: topicIDs, limit: limit, includeFallback: includeFallback)
        }
    }

    /// The topic's cards a free or quiz session may hold, in deck order.
    package static func practiceCardIDs(
        on store: Store, userID: Int64, topicID: Int64, includeFallback: Bool = false
    ) async throws -> [Int64] {
        try await store.read { db in
            try await db.practiceCardIDs(userID: userID, topicID: topicID, includeFallback: includeFallback)
        }
    }

    /// Every topic (or only `topicIDs`) with the learner's studied, due (at or before `until`) and known counts, by
    /// name.
    package static func topicSummaries(
        on store: Store, userID: Int64, until: Date, topicIDs: [Int64]? = nil, includeFallback: Bool = false
    ) async throws -> [TopicStudySummary] {
        try await store.read { db in
            try await db.topicStudySummaries(
                userID: userID, until: until, topicIDs: topicIDs, includeFallback: includeFallback)
        }
    }

    /// The learner's reviews (of one topic, when given), oldest first: what statistics and streaks are made of.
    package static func reviewEvents(on store: Store, userID: Int64, topicID: Int64? = nil) async throws
        -> [ReviewEvent]
    {
        try await store.read { db in try await db.reviewEvents(userID: userID, topicID: topicID) }
    }
}
