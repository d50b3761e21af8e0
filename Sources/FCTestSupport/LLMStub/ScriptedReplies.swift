import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The stub as a scripted LLM provider: every request that is no path-driven route is recorded, then answered with
/// the next scripted ``LoopbackServer/Response`` (or the default once the script is used up).
enum ScriptedReplies {
    static func answer(_ call: StubCall) async throws -> Response {
        let scripted = call.state.change { fields in
            fields.requests.append(
                LoopbackServer.RecordedRequest(
                    method: call.request.method.rawValue, path: call.target, headers: call.lowercasedHeaders,
                    body: String(decoding: call.body, as: UTF8.self),
                    receivedAt: (ContinuousClock.now - call.state.startedAt).seconds))
            return fields.queue.isEmpty ? fields.fallback : fields.queue.removeFirst()
        }
        return try await play(scripted, on: call.context, state: call.state)
    }

    /// Waits `delaySeconds` and for its gate, then answers as `scripted` says: in full, cut after half its body, or
    /// not at all (also when the gate never opened).
    static func play(
        _ scripted: LoopbackServer.Response, on context: StubContext, state: StubState
    ) async throws -> Response {
        try await stubDelay(scripted.delaySeconds)
        if let gate = scripted.gate, await !state.waitForRelease(gate) { try await context.dropConnection() }
        if scripted.closeBeforeResponse { try await context.dropConnection() }
        let payload = Array(scripted.body.utf8)
        let headers = StubReply.fields(scripted.headers.sorted { $0.key < $1.key })
        guard scripted.closeMidBody else {
            return Response(
                status: HTTPResponse.Status(code: scripted.status), headers: headers,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: payload)))
        }
        // The head promises the whole payload; half of it goes out, then the connection closes.
        return Response(
            status: HTTPResponse.Status(code: scripted.status), headers: headers,
            body: ResponseBody(contentLength: payload.count) { writer in
                try await writer.write(bytes: Array(payload.prefix(payload.count / 2)))
                try await context.dropConnection()
            })
    }
}

extension Duration {
    /// The duration in seconds, fractions included.
    fileprivate var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
