/// What the generation runner reports as it works: the executables log it (FCContract's `Logger.log(_:)`) and the
/// service counts it in its metrics.
package enum GenerationRunEvent: Sendable {
    /// The pipeline's own events of a generation's run.
    case pipeline(PipelineEvent)
    /// It claimed a generation; `resumedAfter` batches were stored before (by a runner that died), 0 for a new one.
    case started(id: String, topic: String, batches: Int, resumedAfter: Int)
    /// A batch of generation `id` was stored, with its event, and committed.
    case batchCommitted(id: String, summary: BatchSummary)
    /// It ended, stored `batches` batches, and failed with `failure` (succeeded without one).
    case finished(id: String, batches: Int, failure: GenerationFailure?)
    /// An error ended generation `id` (reported before ``finished(id:batches:failure:)``).
    case failed(id: String, error: any Error)
    /// Another runner took generation `id` over (this one's lease expired) after `batches` batches.
    case leaseLost(id: String, batches: Int)
    /// Storing how generation `id` ended failed.
    case finishFailed(id: String, error: any Error)
    /// Looking for work failed; the next wakeup tries again.
    case claimFailed(any Error)
    /// Finished generations past the retention were deleted.
    case pruned(Int)
    case pruneFailed(any Error)
    /// Graceful shutdown began: the runner claims nothing more; the `running` generations store the batches in flight
    /// and stop.
    case stopping(running: Int)
    /// This process listens for the database's generation notifications (``GenerationListener``).
    case listening
    /// The listening connection was lost (why); it is opened again a second later.
    case listenLost(String)
}

/// Where a runner's events go.
package typealias GenerationRunEventHandler = @Sendable (GenerationRunEvent) -> Void
