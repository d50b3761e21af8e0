import Foundation
import NIOCore
import NIOPosix

/// One TCP connection to the service under test, for what an HTTP client will not send: a head that never ends,
/// a chunked body past the limit, a request line no parser reads. Reads wait for the server's bytes or its close;
/// they never time out on their own (the suite's time limit is the backstop).
struct RawConnection {
    private let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>

    /// Connects to `port` on the loopback address.
    static func open(port: Int) async throws -> RawConnection {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return RawConnection(channel: channel)
    }

    /// Sends `text` and then everything `exchange` writes; returns what the server sent until it closed the
    /// connection.
    func exchange(_ text: String, then more: [String] = []) async throws -> String {
        try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: text))
            for part in more {
                // The server may answer and close before it has read everything: what it said is the result.
                do { try await outbound.write(ByteBuffer(string: part)) } catch { break }
            }
            var received = ByteBuffer()
            do {
                for try await var buffer in inbound { received.writeBuffer(&buffer) }
            } catch {
                // A reset after the server's answer (unread bytes at close) ends the reading like a close does.
            }
            return String(buffer: received)
        }
    }

    /// Sends `text` and returns the first whole response (its head and a `Content-Length` body), leaving the
    /// connection open; then `finish` with the connection still held, and close.
    func keepingOpen<T>(_ text: String, _ finish: (String) async throws -> T) async throws -> T {
        try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: text))
            var received = ByteBuffer()
            var iterator = inbound.makeAsyncIterator()
            while !Self.isWholeResponse(String(buffer: received)), var buffer = try await iterator.next() {
                received.writeBuffer(&buffer)
            }
            return try await finish(String(buffer: received))
        }
    }

    /// Whether `text` holds a head and as many body bytes as its `Content-Length` says.
    static func isWholeResponse(_ text: String) -> Bool {
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let head = text[..<end.lowerBound].lowercased()
        let length =
            head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return text.utf8.count - text[..<end.upperBound].utf8.count >= length
    }
}

extension String {
    /// The status code of an HTTP/1.1 response's first line (`HTTP/1.1 413 Payload Too Large`), 0 if none.
    var statusCode: Int {
        let words = split(separator: " ", maxSplits: 2)
        guard words.count >= 2, words[0].hasPrefix("HTTP/1.") else { return 0 }
        return Int(words[1]) ?? 0
    }

    /// The value of the header field `name` in this response's head (case-insensitive name).
    func headerField(_ name: String) -> String? {
        let head = components(separatedBy: "\r\n\r\n").first ?? ""
        let prefix = name.lowercased() + ":"
        return head.components(separatedBy: "\r\n").dropFirst()
            .first { $0.lowercased().hasPrefix(prefix) }
            .map { String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
    }

    /// The body after the head.
    var responseBody: String {
        guard let end = range(of: "\r\n\r\n") else { return "" }
        return String(self[end.upperBound...])
    }
}
