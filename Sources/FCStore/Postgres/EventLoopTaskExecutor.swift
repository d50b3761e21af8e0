import NIOCore

/// A task executor that runs jobs on one NIO event loop: a PostgreSQL transaction's task runs on the loop of the
/// connection it holds, so each statement's answer, completed on that loop, resumes the task there, without
/// waking a thread of Swift's cooperative pool and handing the answer across (two thread switches a statement, the
/// largest part of a request's cost on PostgreSQL in `perf`).
///
/// A transaction's body only builds statements, reads rows and runs the pure modules' decisions between its awaits,
/// so it holds the loop about as long as postgres-nio's own decoding of its rows.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
