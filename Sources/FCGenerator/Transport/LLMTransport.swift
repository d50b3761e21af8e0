public import Foundation

/// One HTTP request to an LLM provider, in the transport's terms.
public struct LLMHTTPRequest: Sendable {
    public var url: URL
    public var method: String
    /// Header names as the provider documents them; transports send them as given.
    public var headers: [String: String]
    public var body: Data
    /// The whole request, from sending to the last byte of the body, in whole seconds.
    public var timeoutSeconds: Int

    public init(url: URL, method: String = "POST", headers: [String: String] = [:], body: Data, timeoutSeconds: Int) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeoutSeconds = timeoutSeconds
    }
}

/// The HTTP response the provider sent, whatever its status.
public struct LLMHTTPResponse: Sendable {
    public var status: Int
    /// Header names lowercased, so lookups don't depend on the server's spelling.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }
}

/// The one seam between fcgen and the network: send a request, get the response.
///
/// Live implementations talk HTTP; tests substitute a stub that records requests and returns canned responses.
/// A transport reports a non-2xx status as a response, not an error; it throws ``TransportError`` only when no
/// complete response arrived.
///
/// ```swift
/// struct EchoTransport: LLMTransport {
///     func send(_ request: LLMHTTPRequest) async throws -> LLMHTTPResponse {
///         LLMHTTPResponse(status: 200, body: request.body)
///     }
/// }
/// ```
public protocol LLMTransport: Sendable {
    /// Sends `request` and returns the complete response.
    /// - Throws: ``TransportError`` when the connection fails, times out, is cut, the body is larger than the
    ///   transport allows, or the task is cancelled.
    func send(_ request: LLMHTTPRequest) async throws -> LLMHTTPResponse

    /// Sends `request` and returns as soon as the response head has arrived; the body follows as it streams in
    /// (server-sent events from a streaming completion, say). The default sends the request with ``send(_:)`` and
    /// delivers the whole body as one chunk, which is what a stub needs.
    /// - Throws: ``TransportError`` as ``send(_:)`` does; the body stream throws the same errors.
    func stream(_ request: LLMHTTPRequest) async throws -> LLMHTTPStreamingResponse
}

extension LLMTransport {
    public func stream(_ request: LLMHTTPRequest) async throws -> LLMHTTPStreamingResponse {
        let response = try await send(request)
        let (body, continuation) = AsyncThrowingStream<ArraySlice<UInt8>, any Error>.makeStream()
        if !response.body.isEmpty { continuation.yield(ArraySlice(response.body)) }
        continuation.finish()
        return LLMHTTPStreamingResponse(status: response.status, headers: response.headers, body: body)
    }
}

/// Why a transport could not deliver a complete response. Never carries request bodies or headers (keys).
public enum TransportError: Error, Sendable, CustomStringConvertible, Equatable {
    /// No response within the request's timeout.
    case timedOut(seconds: Int)
    /// The connection could not be made (refused, DNS, TLS).
    case connectionFailed(String)
    /// The connection closed before the whole response arrived.
    case connectionLost(String)
    /// The response body (counted after decompression) was larger than the transport's cap.
    case responseTooLarge(limitBytes: Int)
    /// The caller's task was cancelled.
    case cancelled
    /// Anything else the transport reported.
    case other(String)

    public var description: String {
        switch self {
        case .timedOut(let seconds): "no response within \(seconds) s"
        case .connectionFailed(let detail): "could not connect: \(detail)"
        case .connectionLost(let detail): "connection lost before the response was complete: \(detail)"
        case .responseTooLarge(let limit): "the response body is larger than the \(limit)-byte limit"
        case .cancelled: "cancelled"
        case .other(let detail): detail
        }
    }

    /// Whether trying again may help.
    public var isRetryable: Bool {
        switch self {
        case .timedOut, .connectionFailed, .connectionLost, .other: true
        // The same request would get the same oversized reply; a model that rambles is not a network fault.
        case .responseTooLarge, .cancelled: false
        }
    }
}
