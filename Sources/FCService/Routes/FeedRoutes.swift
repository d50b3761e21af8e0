import FCContract
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
        // One read: one hop to a store thread and one snapshot for the feed's queries.
        var read = try await store.read { db in
            try await db.feed(userID: userID, topicID: topicID, until: until, limit: limit)
        }
        if let policy = read.policy, read.unseenIDs.count < policy.refillBelow, read.openJob == nil,
            let job = try await RefillJobs.enqueue(on: store, topicID: topicID, maxAttempts: environment.refillAttempts)
        {
            read.openJob = job
        }
        let refilling = read.openJob.map { $0.status != .dead } ?? false
        let capReached = read.policy?.maxBatches.map { read.batchCount >= $0 } ?? false
        let canRefill = read.policy != nil && !capReached && read.openJob?.status != .dead
        return Feed(
            topicId: topicID, cards: read.cards.map { feedCard($0, image: read.images[$0.id]) }, refilling: refilling,
            exhausted: read.unseenIDs.isEmpty && !refilling && !canRefill, unseen: read.unseenIDs.count)
    }

    /// A card as the feed shows it: the card, its picture (where the API serves it, so offline study can keep it;
    /// no credit), and a cloze or mcq card's faces as study shows them (the feed has no session: options in the
    /// order seeded by the card alone).
    static func feedCard(_ card: Card, image: CardImageInfo? = nil) -> CardJSON {
        var json = CardJSON.study(card, image: image)
        if card.kind == .cloze || card.kind == .mcq {
            json.shown = CardFaces(card, seed: CardFaces.seed(sessionID: 0, cardID: card.id))
        }
        return json
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
