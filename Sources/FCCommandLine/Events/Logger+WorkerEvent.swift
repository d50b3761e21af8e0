import FCContract
import FCCore
package import FCPipeline
import FCStore
package import Logging

extension Logger {
    /// Logs a refill worker event, one line each: progress at `info`, a job to retry or a lost lease as a
    /// warning, a dead job or a failed round as an error (they need a human, or at least a look).
    package func log(_ event: WorkerEvent) {
        switch event {
        case .jobEnqueued(let job):
            info("job \(job.id) enqueued for \"\(job.topicName)\"", metadata: Self.metadata("job_enqueued", job))
        case .jobClaimed(let job):
            let line =
                "job \(job.id) claimed: \"\(job.topicName)\" batch \(job.batchNumber ?? 0), "
                + "attempt \(job.attempts)/\(job.maxAttempts)"
            info("\(line)", metadata: Self.metadata("job_claimed", job))
        case .generator(let event):
            log(event)
        case .batchStored(let job, let summary):
            var metadata = Self.metadata("batch_stored", job)
            metadata["kept"] = .stringConvertible(summary.kept)
            metadata["latency_ms"] = .stringConvertible(summary.latencyMs)
            let line =
                "job \(job.id) done: \"\(job.topicName)\" batch \(summary.number) \(summary.outcome.rawValue), "
                + "kept \(summary.kept), \(summary.latencyMs) ms"
            info("\(line)", metadata: metadata)
        case .jobFailed(let job, let reason):
            var metadata = Self.metadata("job_failed", job)
            metadata["reason"] = "\(reason)"
            if job.status == .dead {
                error("job \(job.id) failed (dead): \(reason)", metadata: metadata)
            } else {
                let runAfter = LogTimestamp.seconds(job.runAfter)
                metadata["run_after"] = "\(runAfter)"
                warning("job \(job.id) failed (retry after \(runAfter)): \(reason)", metadata: metadata)
            }
        case .jobReleased(let job):
            notice("job \(job.id) released on shutdown", metadata: Self.metadata("job_released", job))
        case .budgetDeferred(let job, let reason, let until):
            var metadata = Self.metadata("budget_deferred", job)
            metadata["reason"] = "\(reason)"
            metadata["run_after"] = "\(LogTimestamp.seconds(until))"
            notice(
                "job \(job.id) skipped until \(LogTimestamp.seconds(until)): \(reason)", metadata: metadata)
        case .leaseLost(let job):
            warning("job \(job.id) lost its lease; result discarded", metadata: Self.metadata("lease_lost", job))
        case .roundFailed(let reason):
            error("round failed: \(reason)", metadata: ["event": "round_failed", "reason": "\(reason)"])
        case .roundFinished(let summary):
            let line =
                "round: \(summary.enqueued) enqueued, \(summary.claimed) claimed, \(summary.done) done, "
                + "\(summary.retryLater) retry later, \(summary.dead) dead, \(summary.released) released, "
                + "\(summary.providerUnreachable) provider unreachable, \(summary.deferred) deferred by budget, "
                + "\(Plural.count(summary.cardsStored, "card"))"
            info("\(line)", metadata: ["event": "round_finished", "summary": .dictionary(Self.metadata(summary))])
        }
    }

    /// The fields every job line carries.
    private static func metadata(_ event: String, _ job: Job) -> Metadata {
        var metadata: Metadata = [
            "event": "\(event)", "job": .stringConvertible(job.id), "topic": "\(job.topicName)",
            "status": "\(job.status.rawValue)", "attempt": .stringConvertible(job.attempts),
        ]
        if let batch = job.batchNumber { metadata["batch"] = .stringConvertible(batch) }
        return metadata
    }

    private static func metadata(_ summary: RoundSummary) -> Metadata {
        [
            "enqueued": .stringConvertible(summary.enqueued), "claimed": .stringConvertible(summary.claimed),
            "done": .stringConvertible(summary.done), "retry_later": .stringConvertible(summary.retryLater),
            "dead": .stringConvertible(summary.dead), "released": .stringConvertible(summary.released),
            "lease_lost": .stringConvertible(summary.leaseLost),
            "provider_unreachable": .stringConvertible(summary.providerUnreachable),
            "cards_stored": .stringConvertible(summary.cardsStored), "outcome": "\(summary.outcome.rawValue)",
            "deferred": .stringConvertible(summary.deferred),
        ]
    }
}
