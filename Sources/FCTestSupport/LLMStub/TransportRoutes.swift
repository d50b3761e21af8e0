import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTPTypes

/// The path-driven routes that test the HTTP transport itself: delays, gates, statuses, echoes, sizes, a 103, a cut body,
/// gzip, a redirect and the `/stats` counters (see ``StubResponder`` for the table).
enum TransportRoutes {
    static func answer(_ call: StubCall) async throws -> Response {
        switch call.parts[0] {
        case "delay":
            try await stubDelay(call.seconds(1))
            return StubReply.text(200, call.target)
        case "gate":
            guard await call.state.waitForRelease(call.part(1)) else { return StubReply.text(504, "not released") }
            return StubReply.text(200, call.target)
        case "status":
            let code = Int(call.part(1)) ?? 500
            return StubReply.text(code, "status \(call.part(1))", headers: [("Retry-After", "7")])
        case "echo":
            let echo: StubJSON = [
                "method": .string(call.request.method.rawValue), "path": .string(call.target),
                "headers": .object(
                    call.lowercasedHeaders.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }),
                "body": .string(String(decoding: call.body, as: UTF8.self)),
            ]
            return StubReply.json(200, echo, headers: [("X-Server-Note", "hello")])
        case "echo-raw":
            return StubReply.bytes(200, call.body)
        case "bytes":
            return StubReply.bytes(200, pattern(count: Int(call.part(1)) ?? 0))
        case "early-hints":
            return try await earlyHints(call.context)
        case "close-mid-body":
            return Response(
                status: .ok,
                body: ResponseBody(contentLength: 1000) { writer in
                    try await writer.write(bytes: Array("0123456789".utf8))
                    try await call.context.dropConnection()
                })
        case "gzip":
            let compressed = try await GzipWriter.gzip(call.part(1))
            return Response(
                status: .ok, headers: [.contentEncoding: "gzip"], body: ResponseBody(byteBuffer: compressed))
        case "gzip-bomb":
            return gzipBomb(mebibytes: Int(call.part(1)) ?? 0)
        case "redirect":
            return StubReply.text(302, "moved", headers: [("Location", "/echo")])
        default:  // "stats"
            let counters = call.state.read(\.counters)
            let stats: StubJSON = [
                "connections": .int(counters.connections), "requests": .int(counters.requests),
                "max_in_flight": .int(counters.maxInFlight), "chats": .int(counters.chats),
                "chats_received": .int(counters.chatsReceived), "prompt_tokens": .int(counters.promptTokens),
                "completion_tokens": .int(counters.completionTokens),
            ]
            return StubReply.json(200, stats)
        }
    }

    /// `count` bytes of the pattern i % 251, built 251 bytes at a time (a debug build is slow byte by byte).
    private static func pattern(count: Int) -> [UInt8] {
        let period = (0..<251).map { UInt8($0) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count { bytes += period.prefix(count - bytes.count) }
        return bytes
    }

    /// A 103 Early Hints with a `Link` header, then 200 `final` with `X-Final: yes`.
    ///
    /// A route's `Response` is the final one, so the 103 goes straight onto the NIO channel, as the HTTP head part
    /// Hummingbird's own writer would send; it is on the wire before the final response is.
    private static func earlyHints(_ context: StubContext) async throws -> Response {
        let hints = HTTPResponse(
            status: .earlyHints, headerFields: StubReply.fields([("Link", "</style.css>; rel=preload")]))
        try await context.channel.writeAndFlush(HTTPResponsePart.head(hints))
        return StubReply.text(200, "final", headers: [("X-Final", "yes")])
    }

    /// 200 with `Content-Encoding: gzip` and a body that inflates to `mebibytes` MiB of zeros (about 1 KB per MiB).
    ///
    /// Compressed a MiB at a time as the client reads: a client that stops at its cap closes the connection, the
    /// next write fails, and the rest is never compressed (the whole GiB would cost seconds of CPU in this process).
    private static func gzipBomb(mebibytes: Int) -> Response {
        Response(
            status: .ok, headers: [.contentEncoding: "gzip"],
            body: ResponseBody { writer in
                let gzip = try await GzipWriter.start()
                let zeros = ByteBuffer(repeating: 0, count: 1 << 20)
                for _ in 0..<mebibytes { try await writer.write(try await gzip.compress(zeros)) }
                try await writer.write(try await gzip.finish())
                try await writer.finish(nil)
            })
    }
}
