import Foundation

/// A task executor on threads of its own for one command on a terminal (``TerminalScript``), stopped when the
/// command has ended.
///
/// Not a pool shared with other tests: a terminal command reaches its first output through hundreds of hops between
/// its own executor and the store's, and each hop back onto a shared, busy pool waits behind every other test's jobs.
/// In the full suite on 2 cores that queueing, not CPU, kept an import's progress bar off the screen for the
/// script's 30 s patience (an empty screen, status 124) while the same test passed alone in 4 s. Threads of its own
/// wait only for the kernel's scheduler.
final class CommandThreadsOfItsOwn: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    /// Starts `count` threads (two: a command may run a task beside the one that blocks reading the terminal).
    init(count: Int = 2) {
        for index in 0..<max(1, count) {
            let thread = Thread { [self] in run() }
            thread.name = "terminal-command-\(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        defer { condition.unlock() }
        guard !stopped else {
            // A task the command left behind still runs, on a thread of its own, rather than never.
            Thread { job.runSynchronously(on: self.asUnownedTaskExecutor()) }.start()
            return
        }
        jobs.append(job)
        condition.signal()
    }

    /// Lets the threads end once the jobs queued so far have run.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
