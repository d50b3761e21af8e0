import FCGenerator
import Foundation
import HTTPTypes
import Hummingbird

/// The loopback stub's one Hummingbird responder: picks a path-driven route by the request's first path segment, and
/// answers everything else from the script as an LLM provider would.
///
/// Path-driven routes (neither recorded nor taking from the script; `/stats` counts them all):
///
/// | Route | Answer |
/// | --- | --- |
/// | `/delay/<seconds>[/…]` | waits, then 200 with the request path as the body; `/delay/never` never answers |
/// | `/gate/<name>[/…]` | waits for `/release/<name>` (``TestPatience`` at most), then 200 with the request path |
/// | `/status/<code>` | that status, `Retry-After: 7`, body `status <code>` |
/// | `/echo` | 200, JSON `{"method", "path", "headers" (lowercased names), "body"}`, `X-Server-Note: hello` |
/// | `/echo-raw` | 200, the request body back byte for byte |
/// | `/bytes/<n>` | 200, n bytes of the pattern i % 251 |
/// | `/early-hints` | a 103 with a `Link` header, then 200 `final` with `X-Final: yes` |
/// | `/close-mid-body` | promises 1000 bytes, sends 10, closes the connection |
/// | `/stats` | JSON of ``LoopbackServer/counters()`` |
/// | `/gzip/<text>` | 200, `Content-Encoding: gzip`, the text compressed |
/// | `/gzip-bomb/<mib>` | 200, gzip, a stream inflating to `<mib>` MiB of zeros, compressed as it is read |
/// | `/redirect` | 302 to `/echo` |
/// | `/sse/<n>/<seconds>` | n events `data: {"n": i}`, `<seconds>` apart, then `data: [DONE]` |
/// | `/sse-gated/<name>` | `data: first`, waits (``TestPatience`` at most) for `/release/<name>`, then `data: released` |
/// | `/release/<name>` | 200, opens the gate `<name>` |
/// | `POST /openai/<seconds>/v1/chat/completions` | see ``ChatRoutes`` |
/// | `POST /openai-gated/<name>/v1/chat/completions` | see ``ChatRoutes`` |
/// | `POST /openai-stream[-cut]/<seconds>/v1/chat/completions` | see ``ChatRoutes`` |
/// | `POST /openai-stream-gated/<name>/v1/chat/completions` | see ``ChatRoutes`` |
/// | `POST /anthropic-stream/<seconds>/v1/messages` | see ``ChatRoutes`` |
/// | `GET /unsplash/<mode>/…`, `/unsplash-log` | see ``UnsplashRoutes`` |
struct StubResponder: HTTPResponder {
    typealias Context = StubContext

    /// The first path segments the fixed routes own, whatever the method.
    static let routes: Set<String> = [
        "delay", "gate", "status", "echo", "echo-raw", "bytes", "early-hints", "close-mid-body", "stats", "gzip",
        "gzip-bomb",
        "redirect", "sse", "sse-gated", "release", "unsplash", "unsplash-log",
    ]

    let state: StubState

    func respond(to request: Request, context: StubContext) async throws -> Response {
        let body = Array(try await request.body.collect(upTo: .max).readableBytesView)
        let ticket = state.requestStarted()
        let call = StubCall(request: request, body: body, context: context, state: state)
        let response: Response
        do {
            response = try await isPathRoute(call) ? route(call) : ScriptedReplies.answer(call)
        } catch is CancellationError {
            // ``LoopbackServer/stop()`` cancelled a wait (a delay, a gate): the connection closes unanswered, as it
            // would if the server had gone, rather than with the 500 Hummingbird makes of a thrown error.
            try await context.dropConnection()
        }
        // The ticket lives as long as the body being written: in flight until the last byte went out.
        let written = response.body
        var counted = response
        counted.body = ResponseBody(contentLength: written.contentLength) { writer in
            _ = ticket
            try await written.write(writer)
        }
        return counted
    }

    /// Whether `call` is for a path-driven route: any method for the fixed routes, POST to the exact chat paths.
    private func isPathRoute(_ call: StubCall) -> Bool {
        let parts = call.parts
        if Self.routes.contains(parts[0]) { return true }
        guard call.request.method == .post, parts.count > 2 else { return false }
        switch parts[0] {
        case "openai", "openai-gated", "openai-stream", "openai-stream-cut", "openai-stream-gated":
            return Array(parts.dropFirst(2)) == ["v1", "chat", "completions"]
        case "anthropic-stream":
            return Array(parts.dropFirst(2)) == ["v1", "messages"]
        default:
            return false
        }
    }

    private func route(_ call: StubCall) async throws -> Response {
        switch call.parts[0] {
        case "unsplash": return try await UnsplashRoutes.answer(call)
        case "unsplash-log": return UnsplashRoutes.log(call)
        case "openai", "openai-gated", "openai-stream", "openai-stream-cut", "openai-stream-gated",
            "anthropic-stream":
            return try await ChatRoutes.answer(call)
        case "sse", "sse-gated", "release": return try EventStreamRoutes.answer(call)
        default: return try await TransportRoutes.answer(call)
        }
    }
}

/// One request as the routes see it: the request, its whole body, its connection and the stub's state.
struct StubCall: Sendable {
    let request: Request
    let body: [UInt8]
    let context: StubContext
    let state: StubState

    /// The request target as sent: path and query.
    var target: String { request.head.path ?? "/" }

    /// The path's segments without the query and the outer slashes, as sent (not percent-decoded); never empty.
    var parts: [String] {
        var path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        while path.hasPrefix("/") { path = path.dropFirst() }
        while path.hasSuffix("/") { path = path.dropLast() }
        return path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    /// Path segment `index`, or "" when the path is shorter.
    func part(_ index: Int) -> String {
        let parts = parts
        return index < parts.count ? parts[index] : ""
    }

    /// Path segment `index` as seconds (`/delay/0.5`): 0 when it is no number, infinity for `never`.
    func seconds(_ index: Int) -> Double { part(index) == "never" ? .infinity : Double(part(index)) ?? 0 }

    /// The request's headers with lowercased names; of a repeated header, the last value.
    var lowercasedHeaders: [String: String] {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        return headers
    }

    /// The port this request arrived on.
    var port: Int { context.channel.localAddress?.port ?? 0 }
}

/// Sleeps `seconds` of real time (the routes' delays are real by design of the tests that use them); an infinite
/// delay never ends: only cancellation (``LoopbackServer/stop()``) does, so a client's timeout is sure to fire first
/// however slow the machine.
func stubDelay(_ seconds: Double) async throws {
    guard seconds > 0 else { return }
    guard seconds.isFinite else {
        while true { try await Task.sleep(for: .seconds(3_600)) }
    }
    try await Task.sleep(for: .seconds(seconds))
}
