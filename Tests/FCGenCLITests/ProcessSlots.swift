import Foundation

/// Limits how many built executables the tests run to completion at once.
///
/// `CLIRunner.run` waits for a child without holding a cooperative thread, so Swift Testing would otherwise start
/// every CLI test's process at the same time: dozens of them on two cores, each slow enough to miss the deadlines
/// of tests that time a server or a stream. Waiting for a slot is a suspension, not a blocked thread.
actor ProcessSlots {
    /// Shared by every test in the process.
    static let shared = ProcessSlots(count: max(2, ProcessInfo.processInfo.activeProcessorCount + 1))

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        free = count
    }

    /// Runs `body` once a slot is free, and frees it afterwards.
    func withSlot<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
