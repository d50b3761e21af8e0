package import Foundation
import Hummingbird
import Logging
import NIOCore

/// A loopback HTTP/1.1 server in this process for one test or benchmark: a scriptable LLM provider plus fixed routes.
///
/// A Hummingbird app (``StubResponder``) bound to 127.0.0.1 port 0: the kernel picks a free port and the server holds
/// its socket until ``stop()``, so no port is ever freed and taken again by someone else in between.
///
/// It plays an LLM provider: a test scripts its responses (status, headers, body, delay, a connection cut mid-body or
/// before any response), points a provider at ``baseURL``, then reads back what was sent. It also answers fixed
/// path-driven routes (`/delay/<s>`, `/status/<code>`, `/echo`, `/bytes/<n>`, `/stats`,
/// `/openai/<s>/v1/chat/completions`, `/openai-stream…`, `/anthropic-stream…`, `/unsplash/<mode>/…`; see
/// ``StubResponder``) for transport tests and benchmarks; reach them with ``url(_:)``.
///
/// The server's work runs on this process's threads: a benchmark that measures this process's CPU or memory runs
/// its measured stretch in a child process (see `fcgen-bench`'s `BenchChildRun`).
///
/// ```swift
/// let server = try await LoopbackServer.start()
/// defer { server.stop() }
/// try await server.script([.init(status: 429, headers: ["Retry-After": "2"]), .init(json: reply)])
/// // … run the provider against server.baseURL …
/// let sent = try await server.requests()
/// ```
package final class LoopbackServer: Sendable {
    /// One scripted response.
    package struct Response: Sendable {
        package var status: Int
        package var headers: [String: String]
        package var body: String
        /// Real seconds to wait before answering; `.infinity` never answers (see ``unanswered``).
        package var delaySeconds: Double
        /// Send the head (promising the whole body) and half the body, then close the connection.
        package var closeMidBody: Bool
        /// Close the connection without answering at all.
        package var closeBeforeResponse: Bool
        /// Wait (after the delay, ``TestPatience`` at most) for ``LoopbackServer/release(_:)`` of this gate before
        /// answering: a reply that comes when the test says, not after a time a loaded machine can overrun.
        package var gate: String?

        package init(
            status: Int = 200,
            headers: [String: String] = [:],
            body: String = "",
            delaySeconds: Double = 0,
            closeMidBody: Bool = false,
            closeBeforeResponse: Bool = false,
            gate: String? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delaySeconds = delaySeconds
            self.closeMidBody = closeMidBody
            self.closeBeforeResponse = closeBeforeResponse
            self.gate = gate
        }

        /// A request that is never answered: the connection stays open and silent until the client gives up or the
        /// server stops. What a test of a client's timeout scripts, so the timeout is sure to fire first however
        /// starved the machine is.
        package static let unanswered = Response(delaySeconds: .infinity)

        /// A JSON response: `body` is sent as is, with `Content-Type: application/json`.
        package init(
            status: Int = 200, json body: String, headers: [String: String] = [:], delaySeconds: Double = 0,
            gate: String? = nil
        ) {
            var all = ["Content-Type": "application/json"]
            for (name, value) in headers { all[name] = value }
            self.init(status: status, headers: all, body: body, delaySeconds: delaySeconds, gate: gate)
        }
    }

    /// A request the server received.
    package struct RecordedRequest: Sendable {
        package var method: String
        /// Path and query, as sent.
        package var path: String
        /// Names lowercased; of a repeated header, the last value.
        package var headers: [String: String]
        package var body: String
        /// When the server had read the request, in seconds since the server started: compare requests, not clocks.
        package var receivedAt: Double

        /// The body parsed as a JSON object, or `nil`.
        package var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
        }
    }

    package let port: Int
    /// `http://127.0.0.1:<port>`; providers append their own paths (`/chat/completions`, …).
    package let baseURL: URL
    let state: StubState
    /// Runs the app; cancelling it stops the server (see ``stop()``).
    private let running: Task<Void, any Error>

    private init(port: Int, state: StubState, running: Task<Void, any Error>) {
        self.port = port
        baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
        self.state = state
        self.running = running
    }

    deinit { running.cancel() }

    /// Starts a server and returns once it listens.
    /// - Throws: ``LoopbackServerError`` when it could not bind or start.
    package static func start() async throws -> LoopbackServer {
        let state = StubState()
        let (port, running) = try await LoopbackListener.start { onServerRunning in
            Application(
                responder: StubResponder(state: state),
                server: .http1(configuration: .init(additionalChannelHandlers: [ConnectionCounter(state: state)])),
                configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: nil),
                onServerRunning: onServerRunning, logger: LoopbackListener.quietLogger("fcgen.loopback-stub"))
        }
        return LoopbackServer(port: port, state: state, running: running)
    }

    /// `http://127.0.0.1:<port><path>`, for the path-driven routes; `path` starts with `/` and may hold a query.
    package func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? baseURL
    }

    /// Replaces the response queue (and clears the recorded requests). `default` answers once the queue is empty; without
    /// one, a 500 does.
    package func script(_ responses: [Response], default fallback: Response? = nil) async throws {
        state.change { fields in
            fields.queue = responses
            fields.fallback = fallback ?? StubState.noScriptLeft
            fields.requests = []
        }
    }

    /// The provider requests received since the last ``script(_:default:)``, in order.
    package func requests() async throws -> [RecordedRequest] {
        state.read(\.requests)
    }

    /// Stops the server: it stops listening, its connections close and the answers still being prepared (a delay, a
    /// gate) are cancelled. Returns at once; safe to call more than once.
    package func stop() {
        running.cancel()
    }

    /// ``stop()``, then returns once the server has closed its socket and every connection.
    package func shutdown() async {
        running.cancel()
        _ = await running.result
    }
}

/// Why the loopback server could not be used.
package enum LoopbackServerError: Error, Sendable, CustomStringConvertible {
    case notListening(String)

    package var description: String {
        switch self {
        case .notListening(let detail): "the loopback server did not start listening: \(detail)"
        }
    }
}
