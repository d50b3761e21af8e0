package import FCCore
package import FCGenerator
package import FCSanitizer

/// What a pipeline run reports while it works. The CLI prints these on stderr; tests collect them.
package enum PipelineEvent: Sendable {
    /// The topic had no plan; the model outlined it in `subtopics` subtopics, `steps` (subtopic, level) steps.
    case outlineReady(topic: String, subtopics: Int, steps: Int)
    /// The topic had no plan and none could be had, neither as an outline nor as a plain list (`reason`): the run's
    /// batches use the aspects of the topic's kind (``BatchPlanner/plan(number:topic:)``).
    case outlineFallback(topic: String, reason: String)
    /// A batch's request is about to go out.
    case batchStarted(topic: String, plan: BatchPlan)
    /// Something inside the generator happened (retry, rate limit, structured-output downgrade).
    case generator(GeneratorEvent)
    /// With ``GenerationOptions/stream``: card `index` (from 0) of batch `number` was read from the reply while it was
    /// still arriving. Provisional: by the time ``batchStored(topic:summary:)`` comes, the cards streamed for the batch
    /// since its last ``batchRestarted(topic:number:reason:)`` are exactly the stored cards, in order. A
    /// ``batchFailed(topic:number:reason:)`` voids them, and a run that ends with an error voids those of every batch
    /// it did not store.
    case cardStreamed(topic: String, number: Int, index: Int, card: CardDraft)
    /// The cards streamed so far for batch `number` are void and its streaming starts again from index 0: the
    /// request is being sent again (a retry after the stream broke, a structured-output downgrade), or the stored
    /// batch differs from what was streamed (a card stored meanwhile by an earlier batch of the run).
    case batchRestarted(topic: String, number: Int, reason: String)
    /// Batch `number`'s reply salvaged no card (`reason`), so its request is sent again (`attempt` from 1) before it
    /// falls back to templated cards (``GenerationOptions/fallbackRetries``); the discarded reply is paid for.
    case batchAskedAgain(topic: String, number: Int, attempt: Int, reason: String)
    /// With `--review`: what the review pass did to batch `number` (applied, or failed or skipped with a warning),
    /// before the batch is committed.
    case batchReviewed(topic: String, number: Int, review: ReviewSummary)
    /// What the sanitizer, the quality rules and the check by meaning made of batch `number`'s reply, just before its
    /// transaction (the cards in `report` are those about to be stored): for tools that measure the rules
    /// (`fcgen-bench live`). A stored batch's summary follows in ``batchStored(topic:summary:)``.
    case batchSanitized(topic: String, number: Int, report: SanitizerReport)
    /// A batch and its cards were committed.
    case batchStored(topic: String, summary: BatchSummary)
    /// A batch failed; later batches of the run are not stored.
    case batchFailed(topic: String, number: Int, reason: String)
    /// The image search for one card of batch `number` failed; the card is stored without a picture. `reason` never
    /// holds the resolver's key.
    case imageFailed(topic: String, number: Int, query: String, reason: String)
    /// The embeddings request (or the read of stored embeddings) for batch `number` failed; the batch is stored as
    /// the sanitizer made it, checked for duplicates by the local measure alone.
    case embeddingFailed(topic: String, number: Int, reason: String)
}

/// Where pipeline events go. `@Sendable` because batches run concurrently.
package typealias PipelineEventHandler = @Sendable (PipelineEvent) -> Void
