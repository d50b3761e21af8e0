import Dispatch

/// Where the adapter's few async steps run (connecting, leasing from a pool): a serial queue of its own instead of
/// Swift's cooperative pool.
///
/// A store thread blocks until such a step finishes. If the step ran on the cooperative pool, a pool busy with
/// blocking work elsewhere in the process (subprocess waits, other blocked callers) would stall it for as long, and
/// the store thread with it. The steps only await postgres-nio's event loops, so one serial queue serves them all.
/// Run the pool's `PostgresClient.run()` under it too (`Task(executorPreference: PostgresTaskExecutor.shared)`),
/// so that the pool can open connections while the cooperative pool is busy.
package final class PostgresTaskExecutor: TaskExecutor {
    /// The one executor the adapter uses.
    package static let shared = PostgresTaskExecutor()

    private let queue = DispatchQueue(label: "fcgen.store.postgres")

    private init() {}

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
