import Synchronization

/// A one-way "stop claiming new jobs" flag that sleeping workers can wait on.
///
/// The executable requests it on the first SIGINT/SIGTERM; the worker then finishes its in-flight jobs and
/// returns. Cancelling the worker's task (after the grace period) is the harder stop: in-flight jobs release
/// their leases.
public final class WorkerStop: Sendable {
    private struct State {
        var isRequested = false
        var nextID: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// Whether a stop was requested.
    public var isRequested: Bool { state.withLock { $0.isRequested } }

    /// Requests the stop and wakes every waiter. Idempotent.
    public func request() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isRequested = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once a stop is requested or the task is cancelled.
    func wait() async {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.isRequested || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }

    /// Sleeps `duration` on `clock` unless a stop comes first. Returns `false` when stopped (or cancelled).
    func sleep(for duration: Duration, on clock: any Clock<Duration>) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { (try? await clock.sleep(for: duration)) != nil }
            group.addTask {
                await self.wait()
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first && !isRequested && !Task.isCancelled
        }
    }
}
