import Synchronization

/// Everything one loopback stub remembers: the scripted queue, what it received, its counters and its open gates.
///
/// One lock guards it all. Tasks that wait for something the state will show (a gate opened, a counter reached) hand
/// a continuation to ``wait(until:)`` and are resumed by the change that makes it true: no polling.
final class StubState: Sendable {
    /// The `/stats` counters.
    struct Counters: Sendable {
        /// Connections accepted.
        var connections = 0
        /// Requests read, every route and control request included.
        var requests = 0
        var inFlight = 0
        var maxInFlight = 0
        /// Card replies numbered so far (the `/openai…` and `/anthropic-stream` routes share the count).
        var completions = 0
        /// `/openai/…` requests answered, outlines included.
        var chats = 0
        /// `/openai/…` requests read, counted before the route's delay.
        var chatsReceived = 0
        var promptTokens = 0
        var completionTokens = 0

        /// As `/stats` and ``LoopbackServer/counters()`` name them.
        var named: [String: Int] {
            [
                "connections": connections, "requests": requests, "max_in_flight": maxInFlight, "chats": chats,
                "chats_received": chatsReceived, "prompt_tokens": promptTokens, "completion_tokens": completionTokens,
            ]
        }
    }

    struct Fields: Sendable {
        var queue: [LoopbackServer.Response] = []
        var fallback = StubState.noScriptLeft
        var requests: [LoopbackServer.RecordedRequest] = []
        var unsplash: [LoopbackServer.UnsplashRequest] = []
        var counters = Counters()
        /// Whether `/openai-stream-cut` has cut its one stream.
        var cutDone = false
        /// The names `/release/<name>` has opened.
        var released: Set<String> = []
    }

    private struct Waiter {
        var id: Int
        var condition: @Sendable (Fields) -> Bool
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct Guarded {
        var fields = Fields()
        var waiters: [Waiter] = []
        var nextWaiterID = 0
    }

    /// What a provider request gets once the script is used up and no default was given.
    static let noScriptLeft = LoopbackServer.Response(
        status: 500, json: #"{"error": {"message": "loopback stub: no scripted response left"}}"#)

    private let guarded = Mutex(Guarded())
    /// The origin of ``LoopbackServer/RecordedRequest/receivedAt``.
    let startedAt = ContinuousClock.now

    /// Reads the fields.
    func read<T: Sendable>(_ body: (Fields) -> T) -> T {
        guarded.withLock { body($0.fields) }
    }

    /// Changes the fields, then resumes every waiter whose condition now holds.
    @discardableResult
    func change<T: Sendable>(_ body: (inout Fields) -> T) -> T {
        let (result, ready) = guarded.withLock { guarded -> (T, [CheckedContinuation<Bool, Never>]) in
            let result = body(&guarded.fields)
            var ready: [CheckedContinuation<Bool, Never>] = []
            var waiting: [Waiter] = []
            for waiter in guarded.waiters {
                if waiter.condition(guarded.fields) {
                    ready.append(waiter.continuation)
                } else {
                    waiting.append(waiter)
                }
            }
            guarded.waiters = waiting
            return (result, ready)
        }
        for continuation in ready { continuation.resume(returning: true) }
        return result
    }

    /// Waits until `condition` holds: `true` then, `false` when the waiting task is cancelled first.
    func wait(until condition: @escaping @Sendable (Fields) -> Bool) async -> Bool {
        let id = guarded.withLock { guarded in
            defer { guarded.nextWaiterID += 1 }
            return guarded.nextWaiterID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let answer = guarded.withLock { guarded -> Bool? in
                    if condition(guarded.fields) { return true }
                    // Cancelled before the waiter is in the list: the cancellation handler has nothing to resume.
                    if Task.isCancelled { return false }
                    guarded.waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            let waiter = guarded.withLock { guarded -> Waiter? in
                guard let index = guarded.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return guarded.waiters.remove(at: index)
            }
            waiter?.continuation.resume(returning: false)
        }
    }

    /// ``wait(until:)`` for at most `limit`: `false` when the time ran out first.
    func wait(until condition: @escaping @Sendable (Fields) -> Bool, atMost limit: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { await self.wait(until: condition) }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Opens gate `name` (`/release/<name>`).
    func release(_ name: String) {
        change { $0.released.insert(name) }
    }

    /// Waits at most `limit` for gate `name` to open; whether it did.
    func waitForRelease(_ name: String, atMost limit: Duration = TestPatience.duration) async -> Bool {
        await wait(until: { $0.released.contains(name) }, atMost: limit)
    }

    /// Counts a request read and now being answered; the ticket ends it when the answer is written or dropped.
    func requestStarted() -> InFlightTicket {
        change { fields in
            fields.counters.requests += 1
            fields.counters.inFlight += 1
            fields.counters.maxInFlight = max(fields.counters.maxInFlight, fields.counters.inFlight)
        }
        return InFlightTicket(state: self)
    }
}

/// One request being answered: the stub's in-flight count drops when the last reference goes, that is once the
/// response body has been written, or dropped because the connection went away.
final class InFlightTicket: Sendable {
    private let state: StubState

    init(state: StubState) { self.state = state }

    deinit { state.change { $0.counters.inFlight -= 1 } }
}
