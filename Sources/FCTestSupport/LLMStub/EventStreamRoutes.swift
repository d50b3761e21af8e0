import Hummingbird

/// Server-sent events for the streaming transport: a paced stream, a stream held open until the test releases it,
/// and the release.
enum EventStreamRoutes {
    static func answer(_ call: StubCall) throws -> Response {
        let state = call.state
        switch call.parts[0] {
        case "sse":
            // `/sse/<n>/<seconds>`: n events `data: {"n": i}`, <seconds> apart, then `data: [DONE]`.
            let count = Int(call.part(1)) ?? 0
            let gap = call.seconds(2)
            return StubReply.eventStream { writer in
                for index in 0..<count {
                    if index > 0 { try await stubDelay(gap) }
                    try await writer.write(bytes: Array("data: {\"n\": \(index)}\n\n".utf8))
                }
                try await writer.write(bytes: Array("data: [DONE]\n\n".utf8))
            }
        case "sse-gated":
            // `/sse-gated/<name>`: `data: first`, then the rest once `/release/<name>` came (``TestPatience`` at most).
            let name = call.part(1)
            return StubReply.eventStream { writer in
                try await writer.write(bytes: Array("data: first\n\n".utf8))
                let released = await state.waitForRelease(name)
                try await writer.write(bytes: Array((released ? "data: released\n\n" : "data: not released\n\n").utf8))
            }
        default:  // "release"
            state.release(call.part(1))
            return StubReply.text(200, "released")
        }
    }
}
