package import FCCore
package import FCPipeline
package import FCStore
package import Foundation

/// A generation as `GET /v1/generations/{id}` and the `done`/`failed` events show it, read from its row: one type,
/// so the service that shows it and every process that runs it (`fcgen serve`, `fcgen-worker`) agree on its shape.
package struct GenerationJSON: Encodable, Sendable {
    /// A stored batch, as the generation lists it (and `batches_json` keeps it).
    package struct Batch: Codable, Sendable {
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
        package init(_ record: BatchRecord) {
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

    package var id: String
    package var topicId: Int64
    package var topic: String
    package var status: String
    package var batchesRequested: Int
    package var batchesDone: Int
    package var cardsStored: Int
    package var language: String?
    package var maxCostUsd: Double?
    package var review: Bool?
    package var createdAt: Date
    package var startedAt: Date?
    package var finishedAt: Date?
    package var batches: [Batch]
    package var error: GenerationProblemJSON?

    /// The row as the API shows it; a JSON column that does not read (written by a newer server, say) reads as
    /// empty.
    package init(_ stored: StoredGeneration) {
        let options = GenerationRequestOptions(stored)
        id = stored.id
        topicId = stored.topicID
        topic = stored.topicName
        status = stored.status.rawValue
        batchesRequested = stored.batchesRequested
        batchesDone = stored.batchesDone
        cardsStored = stored.cardsStored
        language = options.languageTag?.description
        maxCostUsd = options.maxCostUsd
        review = options.review
        createdAt = stored.createdAt
        startedAt = stored.startedAt
        finishedAt = stored.finishedAt
        batches = GenerationColumns.read([Batch].self, from: stored.batchesJSON) ?? []
        error = stored.errorJSON.flatMap { GenerationColumns.read(GenerationProblemJSON.self, from: $0) }
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
