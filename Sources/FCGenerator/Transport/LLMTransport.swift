public import Foundation

/// One HTTP request to an LLM provider, in the transport's terms.
public struct LLMHTTPRequest: Sendable {
    public var url: URL
    public var method: String
    /// Header names as the provider documents them; transports send them as given.
    public var headers: [String: String]
    public var body: Data
    /// Whole seconds: URLSession on Linux truncates fractions (PLATFORM.md), so we never pretend otherwise.
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
    /// - Throws: ``TransportError`` when the connection fails, times out, is cut, or the task is cancelled.
    func send(_ request: LLMHTTPRequest) async throws -> LLMHTTPResponse
}

/// Why a transport could not deliver a complete response. Never carries request bodies or headers (keys).
public enum TransportError: Error, Sendable, CustomStringConvertible, Equatable {
    /// No response within the request's timeout.
    case timedOut(seconds: Int)
    /// The connection could not be made (refused, DNS, TLS).
    case connectionFailed(String)
    /// The connection closed before the whole response arrived.
    case connectionLost(String)
    /// The caller's task was cancelled.
    case cancelled
    /// Anything else the transport reported.
    case other(String)

    public var description: String {
        switch self {
        case .timedOut(let seconds): "no response within \(seconds) s"
        case .connectionFailed(let detail): "could not connect: \(detail)"
        case .connectionLost(let detail): "connection lost before the response was complete: \(detail)"
        case .cancelled: "cancelled"
        case .other(let detail): detail
        }
    }

    /// Whether trying again may help.
    public var isRetryable: Bool {
        switch self {
        case .timedOut, .connectionFailed, .connectionLost, .other: true
        case .cancelled: false
        }
    }
}
