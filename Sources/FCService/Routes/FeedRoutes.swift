import FCCore
import FCPipeline
import FCStore
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /v1/topics/{id}/feed?limit=N`: the learner's next cards of a topic — due first, then new, never fallback
/// cards — for an endless-scroll front end.
///
/// When the learner's unseen stock of the topic falls below the topic's refill threshold, a refill job is
/// enqueued for the worker; nothing is generated inside the request. `refilling` says a refill is under way
/// (keep scrolling, more comes); `exhausted` says no more will come (no policy, the batch cap reached, or the
/// refill job is dead) and the learner has seen every card.
enum FeedRoutes {
    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        [
            Route(.get, "/v1/topics/{id}/feed", .learner) { request, context in
                let topicID = try request.id(of: "topic", context: context)
                let limit = try request.queryInteger("limit", in: 1...100, default: 10)
                let identity = try context.requireLearner()
                let day = try await environment.day(of: identity)
                return try JSONResponse.make(
                    try await feed(topicID: topicID, userID: identity.userID, day: day, limit: limit, environment))
            }
        ]
    }

    static func feed(
        topicID: Int64, userID: Int64, day: StudyDay, limit: Int, _ environment: ServiceEnvironment
    ) async throws -> Feed {
        let store = environment.store
        let until = day.endOfDay(containing: environment.now())
        // One read: one hop to a store thread and one snapshot for the four queries, instead of four of each.
        let (stored, unseen, cards) = try await store.read { db in
            let status = try db.topicRefillStatus(topicID: topicID)
            let due = try db.dueCandidates(userID: userID, topicIDs: [topicID], until: until, limit: limit)
            let threshold = status.policy?.refillBelow ?? 0
            let unseen = try db.newCardIDs(userID: userID, topicIDs: [topicID], limit: max(limit, threshold))
            let ids = due.map(\.cardID) + unseen.prefix(max(0, limit - due.count))
            return (status, unseen, try db.cards(ids: Array(ids)))
        }
        var status = stored
        if let policy = status.policy, unseen.count < policy.refillBelow, status.openJob == nil,
            let job = try await store.enqueueRefill(topicID: topicID, maxAttempts: environment.refillAttempts)
        {
            status.openJob = job
        }
        let refilling = status.openJob.map { $0.status != .dead } ?? false
        let capReached = status.policy?.maxBatches.map { status.batchCount >= $0 } ?? false
        let canRefill = status.policy != nil && !capReached && status.openJob?.status != .dead
        return Feed(
            topicId: topicID, cards: cards.map(CardJSON.init), refilling: refilling,
            exhausted: unseen.isEmpty && !refilling && !canRefill, unseen: unseen.count)
    }
}

struct Feed: Encodable {
    var topicId: Int64
    var cards: [CardJSON]
    var refilling: Bool
    var exhausted: Bool
    /// The learner's unseen cards of the topic, counted up to the larger of the limit and the refill threshold.
    var unseen: Int
}

/// A card as the API shows it.
struct CardJSON: Encodable {
    var id: Int64
    var topicId: Int64
    var kind: String
    var question: String
    var answer: String
    var explanation: String?
    var position: Int

    init(_ card: Card) {
        id = card.id
        topicId = card.topicID
        kind = card.kind.rawValue
        question = card.question
        answer = card.answer
        explanation = card.explanation
        position = card.position
    }
}
