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

/// A value handed to the waiting thread. `Process` and `Pipe` are not `Sendable`; the awaiting task does not touch
/// them until the thread is done with them.
private struct HandedOver<Value>: @unchecked Sendable {
    let value: Value
}

extension Process {
    /// Starts this configured process and waits for its exit on a thread of its own (see ``onOwnThread(_:)``),
    /// reading `output` to its end first when given, so that a full pipe never blocks the child.
    ///
    /// - Returns: What was read from `output` (empty without one).
    package func runToExit(reading output: Pipe? = nil) async throws -> Data {
        let handed = HandedOver(value: (self, output))
        return try await onOwnThread {
            let (process, output) = handed.value
            try process.run()
            let data = output?.fileHandleForReading.readDataToEndOfFile() ?? Data()
            process.waitForExit()
            return data
        }
    }
}

extension Process {
    /// Blocks until the process has exited, polling every 5 ms.
    ///
    /// Not `waitUntilExit()`: on Linux it runs its thread's run loop in a loop, and a run loop with no input sources
    /// returns at once, so each waiting thread spins a whole core (measured here: 3.0 s of CPU to wait for a 3 s
    /// child). `isRunning` is set by Foundation's exit monitor, and polling it costs next to nothing.
    package func waitForExit() {
        while isRunning { usleep(5_000) }
    }
}
