import FCCore
package import FCPipeline
package import Logging

extension Logger {
    /// Logs what a generation runner reports (``FCPipeline/GenerationRunEvent``), in `fcgen serve`'s log and
    /// `fcgen-worker`'s alike: a generation started, ended, failed or taken over by another runner, at `info` or as
    /// a warning; the pipeline's own events as ``log(_:)-(PipelineEvent)`` does. A committed batch is not logged
    /// (the pipeline's `batch_stored` says it).
    package func log(_ event: GenerationRunEvent) {
        switch event {
        case .pipeline(let event):
            log(event)
        case .started(let id, let topic, let batches, let resumedAfter):
            let resumption = resumedAfter > 0 ? ", resumed after \(resumedAfter)" : ""
            info(
                "generation \(id): \(Plural.count(batches, "batch")) of \"\(topic)\"\(resumption)",
                metadata: ["event": "generation_started", "generation": .string(id)])
        case .batchCommitted:
            break
        case .finished(let id, let batches, let failure):
            info(
                "generation \(id): \(failure == nil ? "succeeded" : "failed") with \(Plural.count(batches, "batch"))",
                metadata: ["event": "generation_finished", "generation": .string(id)])
        case .failed(let id, let error):
            let code = ErrorCode(for: error)
            warning(
                "generation \(id) failed: \(error)",
                metadata: ["event": "generation_failed", "generation": .string(id), "code": .string(code.rawValue)])
        case .leaseLost(let id, let batches):
            warning(
                "generation \(id): another runner took it over after \(Plural.count(batches, "batch"))",
                metadata: ["event": "generation_lease_lost", "generation": .string(id)])
        case .finishFailed(let id, let error):
            self.error(
                "generation \(id): storing its end failed: \(error)",
                metadata: ["event": "generation_finish_failed", "generation": .string(id)])
        case .claimFailed(let error):
            warning("claiming a generation failed: \(error)", metadata: ["event": "generation_claim_failed"])
        case .pruned(let count):
            info("deleted \(Plural.count(count, "finished generation"))", metadata: ["event": "generations_pruned"])
        case .pruneFailed(let error):
            warning("pruning generations failed: \(error)", metadata: ["event": "generation_prune_failed"])
        case .stopping(let running):
            let batches = "\(Plural.count(running, "running generation")) store the batches in flight, then stop"
            info(
                "generations: claiming no more; \(batches)",
                metadata: ["event": "generations_stopping", "running": .stringConvertible(running)])
        case .listening:
            info("listening for generation notifications", metadata: ["event": "generation_listen_started"])
        case .listenLost(let why):
            warning(
                "listening for generation notifications stopped: \(why); retrying",
                metadata: ["event": "generation_listen_lost"])
        }
    }
}
