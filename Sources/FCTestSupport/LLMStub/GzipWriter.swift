import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPCompression

/// Writes one gzip member, a piece at a time, for the `/gzip` routes.
///
/// The package's only zlib is the one NIOHTTPCompression vendors, and its compressor is reachable only as a channel
/// handler: this runs `NIOHTTPRequestCompressor` on an in-memory channel (`NIOAsyncTestingChannel`, which may be used
/// across suspension points, unlike `EmbeddedChannel`) and keeps the compressed body parts it writes. Each
/// ``compress(_:)`` flushes, so every piece comes back at once as bytes a reader can inflate.
struct GzipWriter {
    private let channel: NIOAsyncTestingChannel

    private init(channel: NIOAsyncTestingChannel) { self.channel = channel }

    /// A writer whose member has begun.
    static func start() async throws -> GzipWriter {
        let channel = try await NIOAsyncTestingChannel { channel in
            try channel.pipeline.syncOperations.addHandler(NIOHTTPRequestCompressor(encoding: .gzip))
        }
        let writer = GzipWriter(channel: channel)
        try await channel.writeOutbound(
            HTTPClientRequestPart.head(HTTPRequestHead(version: .http1_1, method: .POST, uri: "/")))
        _ = try await writer.compressedParts()
        return writer
    }

    /// `bytes` compressed and flushed.
    func compress(_ bytes: ByteBuffer) async throws -> ByteBuffer {
        try await channel.writeOutbound(HTTPClientRequestPart.body(.byteBuffer(bytes)))
        return try await compressedParts()
    }

    /// The member's end (the last block and the gzip trailer); the writer is done.
    func finish() async throws -> ByteBuffer {
        try await channel.writeOutbound(HTTPClientRequestPart.end(nil))
        let tail = try await compressedParts()
        _ = try await channel.finish(acceptAlreadyClosed: true)
        return tail
    }

    /// `text` as one whole gzip member.
    static func gzip(_ text: String) async throws -> ByteBuffer {
        let writer = try await start()
        var member = try await writer.compress(ByteBuffer(string: text))
        var tail = try await writer.finish()
        member.writeBuffer(&tail)
        return member
    }

    /// The body bytes the compressor has written since the last call (its head and end parts are dropped).
    private func compressedParts() async throws -> ByteBuffer {
        var bytes = ByteBuffer()
        while let part = try await channel.readOutbound(as: HTTPClientRequestPart.self) {
            if case .body(.byteBuffer(var buffer)) = part { bytes.writeBuffer(&buffer) }
        }
        return bytes
    }
}
