import FCContract
package import FCCore
package import FCPipeline
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

/// One generation as the server remembers it: what was asked, each stored batch, and how it ended.
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
    /// What each of its requests is checked against (`maxCost`, the daily budgets); `nil` for no limit.
    package var budget: (any RequestBudget)?
    package var status: GenerationStatus = .queued
    package var createdAt: Date
    package var startedAt: Date?
    package var finishedAt: Date?
    package var batches: [BatchSummary] = []
    package var cardsStored = 0
    /// Why it failed, as the problem a request would have answered.
    package var error: Problem?
}

/// A generation as `GET /v1/generations/{id}` and the `done`/`failed` events show it.
struct GenerationJSON: Encodable {
    struct Batch: Encodable {
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

        init(_ summary: BatchSummary) {
            number = summary.number
            aspect = summary.aspect
            depth = summary.depth.rawValue
            step = summary.step
            outcome = summary.outcome.rawValue
            kept = summary.kept
            dropped = summary.dropped
            inputTokens = summary.inputTokens
            outputTokens = summary.outputTokens
            latencyMs = summary.latencyMs
        }
    }

    /// The problem document of a failed generation.
    struct ProblemJSON: Encodable {
        var type: String
        var title: String
        var status: Int
        var detail: String
        var code: String
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
        batchesDone = record.batches.count
        cardsStored = record.cardsStored
        language = record.language?.description
        maxCostUsd = record.maxCost
        review = record.review
        createdAt = record.createdAt
        startedAt = record.startedAt
        finishedAt = record.finishedAt
        batches = record.batches.map(Batch.init)
        error = record.error.map {
            ProblemJSON(
                type: Problem.typeBase + $0.code, title: $0.title, status: Int($0.status.code), detail: $0.detail,
                code: $0.code)
        }
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

/// `GET /v1/generations`: the generations the server remembers, newest first.
struct GenerationListJSON: Encodable {
    var generations: [GenerationJSON]
}
