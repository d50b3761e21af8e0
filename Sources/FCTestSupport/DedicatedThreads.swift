import Foundation

/// A task executor on threads of its own, for work that blocks or runs long without suspending: in-process `fcgen`
/// commands, an import whose source waits for the test.
///
/// Not a dispatch queue: on Linux Swift's cooperative pool is libdispatch's global concurrent queue, as wide as the
/// machine has cores (two here), and any `DispatchQueue` runs its jobs on those same threads. A job there that blocks
/// or computes for seconds holds one of the two, and the loopback stubs' handlers queue behind it (CI saw bursts of
/// "no response within 30 s"). Threads of its own are preempted by the kernel like any other, so the pool's tasks
/// still run.
package final class DedicatedThreads: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    /// Starts `count` threads that run the executor's jobs for the rest of the process.
    package init(count: Int, name: String) {
        for index in 0..<max(1, count) {
            let thread = Thread { [unowned self] in self.run() }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
