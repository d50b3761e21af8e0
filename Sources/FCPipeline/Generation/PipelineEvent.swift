package import FCCore
package import FCGenerator

/// What a pipeline run reports while it works. The CLI prints these on stderr; tests collect them.
package enum PipelineEvent: Sendable {
    /// A batch's request is about to go out.
    case batchStarted(topic: String, plan: BatchPlan)
    /// Something inside the generator happened (retry, rate limit, structured-output downgrade).
    case generator(GeneratorEvent)
    /// A batch and its cards were committed.
    case batchStored(topic: String, summary: BatchSummary)
    /// A batch failed; later batches of the run are not stored.
    case batchFailed(topic: String, number: Int, reason: String)
}

/// Where pipeline events go. `@Sendable` because batches run concurrently.
package typealias PipelineEventHandler = @Sendable (PipelineEvent) -> Void
