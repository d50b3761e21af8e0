import FCContract
package import FCCore
package import FCStore
package import Foundation
import HTTPTypes

/// Where a generation stands.
package enum GenerationStatus: String, Sendable {
    case queued
    case running
    case succeeded
    case failed

    var isFinished: Bool { self == .succeeded || self == .failed }
}

/// One generation as the database holds it (``FCStore/StoredGeneration``), its JSON columns read: what was asked,
/// each stored batch, and how it ended.
package struct GenerationRecord: Sendable {
    package var id: String
    package var topicID: Int64
    package var topicName: String
    package var requested: Int
    package var language: LanguageTag?
    /// The request's `maxCostUsd`: the most this generation may spend.
    package var maxCost: Double?
    /// The request's `review`: whether its batches go through the review pass; `nil` leaves it to the server's
    /// `review` setting.
    package var review: Bool?
    package var status: GenerationStatus = .queued
    package var createdAt: Date
    package var startedAt: Date?
    package var finishedAt: Date?
    var batches: [GenerationJSON.Batch] = []
    package var batchesDone = 0
    package var cardsStored = 0
    /// Why it failed, as the problem a request would have answered.
    package var error: Problem?
    /// A request cancelled it while it ran: it asks for no further batch.
    package var cancelRequested = false

    /// The row's record; a JSON column that does not read (written by a newer server, say) reads as empty.
    package init(_ stored: StoredGeneration) {
        id = stored.id
        topicID = stored.topicID
        topicName = stored.topicName
        requested = stored.batchesRequested
        let options = try? JSONDecoder().decode(GenerationOptionsJSON.self, from: Data(stored.optionsJSON.utf8))
        language = options?.language.flatMap { LanguageTag($0) }
        maxCost = options?.maxCostUsd
        review = options?.review
        status = GenerationStatus(rawValue: stored.status.rawValue) ?? .failed
        createdAt = stored.createdAt
        startedAt = stored.startedAt
        finishedAt = stored.finishedAt
        batches =
            (try? JSONDecoder().decode([GenerationJSON.Batch].self, from: Data(stored.batchesJSON.utf8))) ?? []
        batchesDone = stored.batchesDone
        cardsStored = stored.cardsStored
        error = stored.errorJSON.flatMap { text in
            (try? JSONDecoder().decode(GenerationJSON.ProblemJSON.self, from: Data(text.utf8)))?.problem
        }
        cancelRequested = stored.cancelRequested
    }
}

/// The request's options as the `options_json` column keeps them.
struct GenerationOptionsJSON: Codable {
    var language: String?
    var maxCostUsd: Double?
    var review: Bool?

    /// The column's text.
    func text() throws -> String {
        try GenerationColumns.text(self)
    }
}

/// How the service writes the JSON columns of `generations`: compact, keys sorted.
enum GenerationColumns {
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The `error_json` of a generation that failed with `problem`.
    static func errorText(_ problem: Problem) -> String {
        (try? text(GenerationJSON.ProblemJSON(problem))) ?? "{}"
    }
}

/// A generation as `GET /v1/generations/{id}` and the `done`/`failed` events show it.
struct GenerationJSON: Encodable {
    struct Batch: Codable, Sendable {
        var number: Int
        var aspect: String
        var depth: String
        var step: Int?
        var outcome: String
        var kept: Int
        var dropped: [String: Int]
        var inputTokens: Int?
        var outputTokens: Int?
        var latencyMs: Int

        /// The stored batch as the generation shows it.
        init(_ record: BatchRecord) {
            number = record.plan.number
            aspect = record.plan.aspect
            depth = record.plan.depth.rawValue
            step = record.plan.step
            outcome = record.outcome.rawValue
            kept = record.cardsKept
            dropped = Dictionary(uniqueKeysWithValues: record.dropped.map { ($0.key.rawValue, $0.value) })
            inputTokens = record.usage.input
            outputTokens = record.usage.output
            latencyMs = record.latencyMilliseconds
        }
    }

    /// The problem document of a failed generation.
    struct ProblemJSON: Codable {
        var type: String
        var title: String
        var status: Int
        var detail: String
        var code: String

        init(_ problem: Problem) {
            type = Problem.typeBase + problem.code
            title = problem.title
            status = Int(problem.status.code)
            detail = problem.detail
            code = problem.code
        }

        /// The problem again, as the runner that stored it had it.
        var problem: Problem {
            Problem(code: code, status: status, title: title, detail: detail)
        }
    }

    var id: String
    var topicId: Int64
    var topic: String
    var status: String
    var batchesRequested: Int
    var batchesDone: Int
    var cardsStored: Int
    var language: String?
    var maxCostUsd: Double?
    var review: Bool?
    var createdAt: Date
    var startedAt: Date?
    var finishedAt: Date?
    var batches: [Batch]
    var error: ProblemJSON?

    init(_ record: GenerationRecord) {
        id = record.id
        topicId = record.topicID
        topic = record.topicName
        status = record.status.rawValue
        batchesRequested = record.requested
        batchesDone = record.batchesDone
        cardsStored = record.cardsStored
        language = record.language?.description
        maxCostUsd = record.maxCost
        review = record.review
        createdAt = record.createdAt
        startedAt = record.startedAt
        finishedAt = record.finishedAt
        batches = record.batches
        error = record.error.map(ProblemJSON.init)
    }
}

/// The data of a `batch` event: the stored batch with its cards, and the generation's counts after it.
struct GenerationBatchEventJSON: Encodable {
    var generationId: String
    var batch: GenerationJSON.Batch
    var cards: [CardJSON]
    var batchesDone: Int
    var batchesRequested: Int
    var cardsStored: Int
}

/// `GET /v1/generations`: the newest generations in the database, newest first.
struct GenerationListJSON: Encodable {
    var generations: [GenerationJSON]
}
