package import FCGenerator
package import FCStore

package import struct Foundation.Date

/// What a refill worker reports while it works; the executable prints one line per event.
package enum WorkerEvent: Sendable {
    /// A due topic got a refill job.
    case jobEnqueued(Job)
    /// This worker claimed a job (queued, due for retry, or taken over from an expired lease).
    case jobClaimed(Job)
    /// Something inside the generator happened (a retried request, a rate-limit wait, a downgrade).
    case generator(GeneratorEvent)
    /// The job's batch is stored and the job is done (one transaction).
    case batchStored(Job, BatchSummary)
    /// An attempt failed; the job (as updated) is `failed` (retried after `runAfter`) or `dead`.
    case jobFailed(Job, reason: String)
    /// Shutdown cancelled the job; its lease was released and the next run picks it up.
    case jobReleased(Job)
    /// The job's lease was lost (taken over or cancelled); its result was not stored.
    case leaseLost(Job)
    /// A daily budget is spent (`reason` says which): the job was not sent and stays queued until `until`, the
    /// next UTC day.
    case budgetDeferred(Job, reason: String, until: Date)
    /// A round could not run (for example the database stayed locked); the loop tries again next interval.
    case roundFailed(reason: String)
    /// A round ended.
    case roundFinished(RoundSummary)
}

/// Where worker events go; called from concurrent jobs.
package typealias WorkerEventHandler = @Sendable (WorkerEvent) -> Void
