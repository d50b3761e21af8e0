public import OpenAPIRuntime

/// A response whose head has arrived and whose body is still streaming in.
///
/// The body is a sequence of byte chunks as the network delivered them; ``events`` decodes it as server-sent
/// events (the `text/event-stream` format the streaming chat APIs use). A non-2xx status still streams its body,
/// so a caller can read the provider's error text with ``collectBody(upTo:)``.
///
/// ```swift
/// let response = try await transport.stream(request)
/// guard response.status == 200 else { throw … }
/// for try await event in response.events {
///     if event.data == "[DONE]" { break }
///     handle(event.data)
/// }
/// ```
public struct LLMHTTPStreamingResponse: Sendable {
    /// The chunks of a body; it throws ``TransportError`` when the stream breaks, times out or grows too large.
    public typealias Body = AsyncThrowingStream<ArraySlice<UInt8>, any Error>

    public var status: Int
    /// Header names lowercased, as in ``LLMHTTPResponse``.
    public var headers: [String: String]
    public var body: Body

    public init(status: Int, headers: [String: String] = [:], body: Body) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    /// The body decoded as server-sent events, one per blank-line-terminated block.
    ///
    /// The event-stream grammar (field lines, comments, multi-line `data`, CRLF) is swift-openapi-runtime's
    /// decoder, not ours.
    public var events: ServerSentEventsDeserializationSequence<ServerSentEventsLineDeserializationSequence<Body>> {
        body.asDecodedServerSentEvents()
    }

    /// Reads the rest of the body into one array.
    /// - Parameter limit: The most bytes to keep; a longer body throws ``TransportError/responseTooLarge(limitBytes:)``.
    /// - Throws: ``TransportError``.
    public func collectBody(upTo limit: Int) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in body {
            guard bytes.count + chunk.count <= limit else { throw TransportError.responseTooLarge(limitBytes: limit) }
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }
}
