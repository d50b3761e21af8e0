package import FCGenerator
import Foundation
import Synchronization

/// An ``LLMTransport`` for tests: records every request and answers from a script.
///
/// ```swift
/// let transport = StubTransport(replies: [.json(status: 500, #"{"error":{"message":"busy"}}"#), .json(ok)])
/// _ = try await provider.complete(request)
/// transport.requests.count // 2
/// ```
package final class StubTransport: LLMTransport {
    /// One scripted answer.
    package enum Reply: Sendable {
        case response(LLMHTTPResponse)
        case failure(TransportError)

        /// A response with a UTF-8 body, `Content-Type: application/json` unless `headers` says otherwise.
        package static func json(status: Int = 200, _ body: String, headers: [String: String] = [:]) -> Reply {
            var all = ["content-type": "application/json"]
            for (name, value) in headers { all[name.lowercased()] = value }
            return .response(LLMHTTPResponse(status: status, headers: all, body: Data(body.utf8)))
        }
    }

    package typealias Handler = @Sendable (_ request: LLMHTTPRequest, _ index: Int) async throws -> LLMHTTPResponse

    private struct State {
        var replies: [Reply]
        var requests: [LLMHTTPRequest] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>
    private let fallback: Reply
    private let handler: Handler?

    /// Answers with `replies` in order, then with `fallback` (a 500 by default).
    package init(
        replies: [Reply] = [],
        fallback: Reply = .json(status: 500, #"{"error":{"message":"StubTransport: no scripted reply left"}}"#)
    ) {
        state = Mutex(State(replies: replies))
        self.fallback = fallback
        handler = nil
    }

    /// Answers every request with `handler`, given the request and its 0-based index.
    package init(handler: @escaping Handler) {
        state = Mutex(State(replies: []))
        fallback = .failure(.other("unused"))
        self.handler = handler
    }

    /// The requests received so far, in order.
    package var requests: [LLMHTTPRequest] { state.withLock { $0.requests } }

    /// Adds replies to the end of the script.
    package func enqueue(_ replies: [Reply]) {
        state.withLock { $0.replies += replies }
    }

    /// Returns once at least `count` requests have arrived.
    package func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.requests.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    package func send(_ request: LLMHTTPRequest) async throws -> LLMHTTPResponse {
        let (index, reply, ready) = state.withLock { state in
            state.requests.append(request)
            let count = state.requests.count
            let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= count }
            let reply = state.replies.isEmpty ? fallback : state.replies.removeFirst()
            return (count - 1, reply, ready)
        }
        for waiter in ready { waiter.resume() }
        if let handler { return try await handler(request, index) }
        switch reply {
        case .response(let response): return response
        case .failure(let error): throw error
        }
    }
}
