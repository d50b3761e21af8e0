package import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live ``LLMTransport`` on Foundation's `URLSession`.
///
/// One session per transport, with `httpMaximumConnectionsPerHost` raised to the caller's concurrency: the default
/// of 6 makes 16 concurrent slow requests run in three waves (PLATFORM.md). No cache, no cookies. Each request's
/// timeout is its whole-second `timeoutSeconds`.
///
/// Note: on Linux a request waiting for a slow reply burns CPU inside libdispatch (PLATFORM.md); a long-running
/// worker should prefer ``CurlTransport``.
///
/// ```swift
/// let transport = URLSessionTransport(maxConnectionsPerHost: 8)
/// let response = try await transport.send(request)
/// ```
public struct URLSessionTransport: LLMTransport {
    private let session: URLSession

    /// - Parameter maxConnectionsPerHost: At least the number of requests you send at once.
    public init(maxConnectionsPerHost: Int) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = max(1, maxConnectionsPerHost)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration)
    }

    public func send(_ request: LLMHTTPRequest) async throws -> LLMHTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.method == "GET" ? nil : request.body
        // Whole seconds: fractions are truncated on Linux and anything under 1 s fires at once (PLATFORM.md).
        urlRequest.timeoutInterval = TimeInterval(max(1, request.timeoutSeconds))
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError {
            throw Self.transportError(error, timeoutSeconds: max(1, request.timeoutSeconds))
        } catch is CancellationError {
            throw TransportError.cancelled
        } catch {
            throw TransportError.other(String(describing: type(of: error)))
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportError.other("not an HTTP response")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return LLMHTTPResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// Maps URLSession's errors as measured on Linux (PLATFORM.md): a connection closed mid-body is `-1`
    /// (`unknown`), closed before any response `-1011` (`badServerResponse`), refused `-1004`, cancelled `-999`.
    /// The description names the code, never the URL (a key could be in a query).
    package static func transportError(_ error: URLError, timeoutSeconds: Int) -> TransportError {
        let code = "URLError \(error.code.rawValue)"
        switch error.code {
        case .timedOut:
            return .timedOut(seconds: timeoutSeconds)
        case .cancelled:
            return .cancelled
        case .unknown, .badServerResponse, .networkConnectionLost, .cannotParseResponse,
            .zeroByteResource, .cannotDecodeRawData, .cannotDecodeContentData:
            return .connectionLost(code)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
            .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
            .clientCertificateRequired, .badURL, .unsupportedURL, .internationalRoamingOff, .dataNotAllowed:
            return .connectionFailed(code)
        default:
            return .other(code)
        }
    }
}
