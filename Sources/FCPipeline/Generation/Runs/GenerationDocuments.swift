package import FCCore
package import FCStore

/// The documents a generation's rows hold, written by the JSON contract (FCContract's `ContractGenerationDocuments`)
/// so that every process that runs generations (`fcgen serve`, `fcgen-worker`) stores them in the one shape the API
/// shows: a batch's summary (`batches_json`), the `batch`, `done` and `failed` events, and the problem a failed one
/// is shown with (`error_json`).
package protocol GenerationDocuments: Sendable {
    /// A stored batch's summary, as `batches_json` lists it.
    func batchSummary(_ batch: BatchRecord) throws -> String
    /// The data of the `batch` event of `batch` with its `cards`, the generation counted after it (`updated`).
    func batchEvent(_ updated: StoredGeneration, batch: BatchRecord, cards: [Card]) throws -> String
    /// The data of the `done` or `failed` event: the whole generation as it ended.
    func finalEvent(_ ended: StoredGeneration) throws -> String
    /// The `error_json` of a generation that failed this way.
    func errorText(_ failure: GenerationFailure) -> String
}
