import FCCore
import FCPipeline
import FCStore
import Foundation
import HTTPTypes
import Hummingbird

/// Topics: anyone with a token lists and reads them (with their own progress); admins create, rename, delete.
enum TopicRoutes {
    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        let store = environment.store
        let maxBody = environment.settings.maxBodyBytes
        return [
            Route(.get, "/v1/topics", .learner) { _, _ in
                let topics = try await Topics.summaries(on: store).map(TopicJSON.init)
                return try JSONResponse.make(TopicList(topics: topics))
            },
            Route(.post, "/v1/topics", .admin) { request, context in
                let body = try await JSONBody.read(
                    request, allowed: ["name", "refillBelow", "batchSize", "maxBatches"], maxBytes: maxBody)
                let name = try body.string("name").trimmingCharacters(in: .whitespacesAndNewlines)
                if let problem = TopicNameRule.problem(with: name) {
                    throw Problem.badRequest("name: \(problem)", field: "name")
                }
                if try await Topics.named(on: store, name) != nil {
                    throw StoreError.topicNameTaken(name)
                }
                let policy = try refillPolicy(from: body)
                let topic = try await Topics.ensure(on: store, named: name)
                if let policy { try await Topics.setPolicy(on: store, policy, topicID: topic.id) }
                let created = try await detail(topicID: topic.id, for: context.requireLearner(), environment)
                return try JSONResponse.make(created, status: .created)
            },
            Route(.get, "/v1/topics/{id}", .learner) { request, context in
                let id = try request.id(of: "topic", context: context)
                return try JSONResponse.make(
                    try await detail(topicID: id, for: context.requireLearner(), environment))
            },
            Route(.patch, "/v1/topics/{id}", .admin) { request, context in
                let id = try request.id(of: "topic", context: context)
                let body = try await JSONBody.read(request, allowed: ["name"], maxBytes: maxBody)
                let name = try body.string("name").trimmingCharacters(in: .whitespacesAndNewlines)
                if let problem = TopicNameRule.problem(with: name) {
                    throw Problem.badRequest("name: \(problem)", field: "name")
                }
                _ = try await Topics.rename(on: store, id: id, to: name)
                return try JSONResponse.make(
                    try await detail(topicID: id, for: context.requireLearner(), environment))
            },
            Route(.delete, "/v1/topics/{id}", .admin) { request, context in
                let id = try request.id(of: "topic", context: context)
                let force = try request.queryFlag("force")
                let deleted = try await Topics.delete(on: store, id: id, force: force)
                return try JSONResponse.make(
                    Deleted(
                        id: id, name: deleted.name, cards: deleted.cards, batches: deleted.batches, jobs: deleted.jobs))
            },
        ]
    }

    /// The refill policy in a create body: all of `refillBelow` and `batchSize`, or none.
    private static func refillPolicy(from body: JSONBody) throws -> TopicPolicy? {
        let below = try body.integer("refillBelow", in: 1...100_000)
        let size = try body.integer("batchSize", in: 1...100)
        let maximum = try body.integer("maxBatches", in: 1...100_000)
        guard let below else {
            if size != nil || maximum != nil {
                throw Problem.badRequest("refillBelow is required with a refill policy", field: "refillBelow")
            }
            return nil
        }
        return TopicPolicy(refillBelow: Int(below), batchSize: Int(size ?? 1), maxBatches: maximum.map { Int($0) })
    }

    /// One topic with the learner's progress: studied, due, new and known counts and the known percentage.
    ///
    /// "Due" is due by the end of the learner's local day (their stored time zone), as everywhere else (statistics,
    /// the study queue, the feed): a card due this evening is due today.
    static func detail(
        topicID: Int64, for learner: Identity, _ environment: ServiceEnvironment
    ) async throws -> TopicDetail {
        let store = environment.store
        let day = try await environment.day(of: learner)
        guard let summary = try await Topics.summaries(on: store).first(where: { $0.id == topicID }) else {
            throw StoreError.topicNotFound(topicID: topicID)
        }
        let study = try await StudyReads.topicSummaries(
            on: store, userID: learner.userID, until: day.endOfDay(containing: environment.now()), topicIDs: [topicID]
        ).first
        let policy = try await Topics.policy(on: store, topicID: topicID)
        let cards = study?.cardCount ?? 0
        let known = study?.knownCount ?? 0
        return TopicDetail(
            topic: TopicJSON(summary), studied: study?.studiedCount ?? 0, due: study?.dueCount ?? 0,
            new: study?.newCount ?? 0, known: known,
            progressPercent: cards == 0 ? 0 : (Double(known) * 100 / Double(cards) * 10).rounded() / 10,
            refill: policy.map {
                RefillJSON(refillBelow: $0.refillBelow, batchSize: $0.batchSize, maxBatches: $0.maxBatches)
            })
    }
}

struct TopicJSON: Encodable {
    var id: Int64
    var name: String
    var cards: Int
    var batches: Int
    var lastBatchAt: Date?

    init(_ summary: TopicSummary) {
        id = summary.id
        name = summary.name
        cards = summary.cardCount
        batches = summary.batchCount
        lastBatchAt = summary.lastBatchAt
    }
}

struct TopicList: Encodable {
    var topics: [TopicJSON]
}

struct RefillJSON: Encodable {
    var refillBelow: Int
    var batchSize: Int
    var maxBatches: Int?
}

struct TopicDetail: Encodable {
    var topic: TopicJSON
    var studied: Int
    var due: Int
    /// Cards the learner has never studied (fallback cards left out), so a new topic shows what it offers.
    var new: Int
    var known: Int
    var progressPercent: Double
    var refill: RefillJSON?
}

struct Deleted: Encodable {
    var id: Int64
    var name: String
    var cards: Int
    var batches: Int
    var jobs: Int
}
