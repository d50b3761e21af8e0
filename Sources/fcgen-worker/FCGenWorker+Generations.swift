import FCContract
import FCCore
import FCPipeline
import Logging
import ServiceLifecycle

/// What the worker's services are made of: the refill worker, and the pipeline and settings a generation runner
/// shares with it (one provider per process: its rate limiter and `Retry-After` pauses count for both).
struct WorkerParts {
    let worker: RefillWorker
    let pipeline: Pipeline
    let factory: PipelineFactory
}

extension FCGenWorker {
    /// The generation runner and the listener that wakes it (``FCPipeline/GenerationListener``), on the refill
    /// pipeline's store: the runner `fcgen serve` has, with the same leases, budgets and documents, so a generation
    /// queued through any instance runs here, and one this worker was running when it died is taken over by any
    /// instance or worker once its lease expires.
    func makeGenerationServices(_ parts: WorkerParts, logger: Logger) -> [any Service] {
        let store = parts.pipeline.store
        let work = GenerationWork(
            store: store, limits: GenerationLimits(running: generations, lease: generationLease.duration),
            documents: ContractGenerationDocuments(),
            now: .system, owner: workerID.map { "worker:\($0)" }, role: "worker")
        let events: GenerationRunEventHandler = { logger.log($0) }
        let runner = GenerationRunner(
            work: work, pipeline: parts.pipeline, options: parts.factory.generationOptions(strict: false),
            budgets: GenerationRunBudgets(store: store, overall: parts.factory.settings.dailyBudget), events: events)
        return [GenerationListener(target: work, store: store, events: events), runner]
    }
}
