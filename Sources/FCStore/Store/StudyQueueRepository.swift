package import Foundation

/// The reads study queues and study statistics are made of, each inside the transaction a ``Store/read(_:)`` (or
/// ``Store/write(_:patience:_:)``) hands out: a learner's due cards, new cards and a topic's practice cards (never a
/// suspended or buried one), the topics' study counts and the learner's reviews. SQL and rows only: which cards a
/// session holds and in what order is FCPipeline's (`StudyService`, `StudyQueue`), read through `StudyReads`.
/// ``Database`` implements it on both engines.
package protocol StudyQueueRepository: ~Copyable {
    /// The learner's cards due at or before `until`, weakest level first and then earliest due, at most `limit`;
    /// only of `topicIDs` when given; fallback cards only with `includeFallback`.
    func dueCandidates(
        userID: Int64, topicIDs: [Int64]?, until: Date, limit: Int, includeFallback: Bool
    ) async throws -> [DueCandidate]
    /// Cards of `topicIDs` (every topic: `nil`) the learner has never reviewed, in deck order, at most `limit`.
    func newCardIDs(userID: Int64, topicIDs: [Int64]?, limit: Int, includeFallback: Bool) async throws -> [Int64]
    /// The topic's cards a free or quiz session may hold, in deck order.
    func practiceCardIDs(userID: Int64, topicID: Int64, includeFallback: Bool) async throws -> [Int64]
    /// Every topic (or only `topicIDs`) with the learner's studied, due (at or before `until`) and known counts.
    func topicStudySummaries(
        userID: Int64, until: Date, topicIDs: [Int64]?, includeFallback: Bool
    ) async throws -> [TopicStudySummary]
    /// The learner's reviews (of one topic, when given), oldest first.
    func reviewEvents(userID: Int64, topicID: Int64?) async throws -> [ReviewEvent]
}

extension Database: StudyQueueRepository {}
