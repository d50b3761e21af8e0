import HTTPTypes
import Hummingbird
import NIOCore

/// Builds the stub's responses.
enum StubReply {
    /// `status` with `body` and `headers` (names as given; one that is no valid field name is left out).
    static func bytes(_ status: Int, _ body: [UInt8], headers: [(String, String)] = []) -> Response {
        Response(
            status: HTTPResponse.Status(code: status), headers: fields(headers),
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// `status` with `text` as the body.
    static func text(_ status: Int, _ text: String, headers: [(String, String)] = []) -> Response {
        bytes(status, Array(text.utf8), headers: headers)
    }

    /// `status` with `value` as JSON and `Content-Type: application/json`.
    static func json(_ status: Int, _ value: StubJSON, headers: [(String, String)] = []) -> Response {
        bytes(status, value.bytes(), headers: [("Content-Type", "application/json")] + headers)
    }

    /// A 200 `text/event-stream` whose body `write` sends, event by event; the body ends when `write` returns.
    static func eventStream(_ write: @escaping @Sendable (inout any ResponseBodyWriter) async throws -> Void)
        -> Response
    {
        Response(
            status: .ok, headers: [.contentType: "text/event-stream"],
            body: ResponseBody { writer in
                try await write(&writer)
                try await writer.finish(nil)
            })
    }

    /// `headers` as HTTP fields, in order.
    static func fields(_ headers: [(String, String)]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in headers {
            guard let name = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: name, value: value))
        }
        return fields
    }
}

extension ResponseBodyWriter {
    /// Writes `bytes` as one body part (sent at once: every part is flushed).
    mutating func write(bytes: [UInt8]) async throws {
        try await write(ByteBuffer(bytes: bytes))
    }
}

/// The connection was closed on purpose, mid-response or before one: what a fault route throws once it has dropped
/// the connection, so that nothing more is written.
struct DroppedConnection: Error {}

extension StubContext {
    /// Closes the request's connection, after whatever was already written to it, and throws ``DroppedConnection``.
    ///
    /// Hummingbird has no way to end a response early: this closes the NIO channel itself. Writes queued before
    /// reach the socket first (the channel's event loop runs them in order).
    func dropConnection() async throws -> Never {
        try? await channel.close()
        throw DroppedConnection()
    }
}
