package import FCCore
package import FCPipeline
package import FCStore

/// The documents a generation's rows hold, in the API's shapes (``GenerationJSON``): what `fcgen serve` and
/// `fcgen-worker` hand their ``FCPipeline/GenerationWork``.
package struct ContractGenerationDocuments: GenerationDocuments {
    package init() {}

    package func batchSummary(_ batch: BatchRecord) throws -> String {
        try GenerationColumns.text(GenerationJSON.Batch(batch))
    }

    package func batchEvent(_ updated: StoredGeneration, batch: BatchRecord, cards: [Card]) throws -> String {
        try ContractJSON.document(
            GenerationBatchEventJSON(
                generationId: updated.id, batch: GenerationJSON.Batch(batch), cards: cards.map { CardJSON($0) },
                batchesDone: updated.batchesDone, batchesRequested: updated.batchesRequested,
                cardsStored: updated.cardsStored),
            pretty: false)
    }

    package func finalEvent(_ ended: StoredGeneration) throws -> String {
        try ContractJSON.document(GenerationJSON(ended), pretty: false)
    }

    package func errorText(_ failure: GenerationFailure) -> String {
        (try? GenerationColumns.text(GenerationProblemJSON(failure))) ?? "{}"
    }
}
