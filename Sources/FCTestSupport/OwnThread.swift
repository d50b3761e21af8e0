package import Foundation

/// Runs blocking `work` (waiting for a child process, reading a pipe to its end) on a thread of its own, and returns
/// its result to the awaiting task.
///
/// Neither the cooperative pool nor libdispatch's global queues are the place for such waits on a 2-core machine. The
/// pool has two threads: two blocked ones stall every async test, whose HTTP deadlines then fire on NIO's threads
/// while nothing reads the replies (CI saw bursts of "no response within 30 s"). The global queues run Foundation's
/// own child-exit monitor, which lagged 20 s once their threads were busy with such waits. A thread per wait costs a
/// test nothing worth counting.
package func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// ``onOwnThread(_:)`` for work that cannot fail.
package func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

extension Process {
    /// Blocks until the process has exited, polling every 5 ms: for the few children a test talks to through pipes
    /// while they run (a lock holder, the browser driver). Every other child is a ``ChildProcess``.
    ///
    /// Not `waitUntilExit()`: on Linux it runs its thread's run loop in a loop, and a run loop with no input sources
    /// returns at once, so each waiting thread spins a whole core (measured here: 3.0 s of CPU to wait for a 3 s
    /// child). `isRunning` is set by Foundation's exit monitor, and polling it costs next to nothing.
    package func waitForExit() {
        while isRunning { usleep(5_000) }
    }
}
