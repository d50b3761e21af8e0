public import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression

/// The live ``LLMTransport``, on AsyncHTTPClient.
///
/// The transport borrows an `HTTPClient`; the executable that made the client owns its lifetime and shuts it down.
/// Make the client with ``makeClient(maxConnectionsPerHost:maxResponseBytes:connectTimeoutSeconds:)`` so it has
/// the settings this transport relies on:
///
/// - **No redirects.** A 3xx comes back as a response: following it would resend the API-key headers to another host.
/// - **Bodies are capped after decompression.** gzip and deflate are accepted and inflated under the same byte cap
///   as a plain body, so a small gzip that inflates to gigabytes fails with
///   ``TransportError/responseTooLarge(limitBytes:)`` instead of filling memory.
/// - **One deadline per request**, `timeoutSeconds` from sending to the last byte of the body (AsyncHTTPClient's
///   own deadline stops at the response head).
/// - **Connection failures fail at once**; the generator's retry policy decides when to try again.
/// - Non-2xx statuses are responses, not errors. Header names come back lowercased. Cancelling the calling task
///   throws ``TransportError/cancelled`` and closes the connection.
///
/// ```swift
/// let client = HTTPClientTransport.makeClient(maxConnectionsPerHost: 8)
/// let transport = HTTPClientTransport(client: client)
/// let response = try await transport.send(request)
/// try await client.shutdown()
/// ```
public struct HTTPClientTransport: LLMTransport {
    /// The default cap on a response body: 8 MiB, hundreds of times a real batch reply (about 10 KB for 15 cards).
    public static let defaultMaxResponseBytes = 8 << 20

    private let client: HTTPClient
    private let maxResponseBytes: Int

    /// - Parameters:
    ///   - client: A client made by ``makeClient(maxConnectionsPerHost:maxResponseBytes:connectTimeoutSeconds:)``.
    ///   - maxResponseBytes: The most body bytes one response may have, counted after decompression.
    public init(client: HTTPClient, maxResponseBytes: Int = defaultMaxResponseBytes) {
        self.client = client
        self.maxResponseBytes = max(1, maxResponseBytes)
    }

    /// Makes the `HTTPClient` an executable shares between its transports; the caller shuts it down.
    /// - Parameters:
    ///   - maxConnectionsPerHost: Connections kept per provider host: the number of requests sent at once.
    ///   - maxResponseBytes: The inflation cap for compressed bodies; keep it the transport's `maxResponseBytes`.
    ///   - connectTimeoutSeconds: Upper bound on establishing one connection (TCP and TLS).
    public static func makeClient(
        maxConnectionsPerHost: Int, maxResponseBytes: Int = defaultMaxResponseBytes, connectTimeoutSeconds: Int = 10
    ) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(Int64(max(1, connectTimeoutSeconds)))),
            decompression: .enabled(limit: .size(max(1, maxResponseBytes)))
        )
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, maxConnectionsPerHost))
        // Without this the pool retries a refused connection with backoff until the request's deadline; the
        // generator has its own retry policy, which says what it is doing.
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    public func send(_ request: LLMHTTPRequest) async throws -> LLMHTTPResponse {
        let timeout = max(1, request.timeoutSeconds)
        let limit = maxResponseBytes
        return try await Self.mappingErrors(timeoutSeconds: timeout, limit: limit) {
            try await withDeadline(seconds: timeout) {
                let response = try await execute(request, timeoutSeconds: timeout)
                let body = try await response.body.collect(upTo: limit)
                return LLMHTTPResponse(
                    status: Int(response.status.code), headers: Self.headers(response.headers),
                    body: Data(body.readableBytesView))
            }
        }
    }

    public func stream(_ request: LLMHTTPRequest) async throws -> LLMHTTPStreamingResponse {
        let timeout = max(1, request.timeoutSeconds)
        let limit = maxResponseBytes
        let started = ContinuousClock.now
        let response = try await Self.mappingErrors(timeoutSeconds: timeout, limit: limit) {
            try await withDeadline(seconds: timeout) { try await execute(request, timeoutSeconds: timeout) }
        }
        let remaining = Duration.seconds(timeout) - (ContinuousClock.now - started)
        let (body, continuation) = LLMHTTPStreamingResponse.Body.makeStream()
        let pump = Task {
            do {
                try await Self.mappingErrors(timeoutSeconds: timeout, limit: limit) {
                    try await withDeadline(remaining, reportedAs: timeout) {
                        var received = 0
                        for try await buffer in response.body {
                            received += buffer.readableBytes
                            guard received <= limit else { throw TransportError.responseTooLarge(limitBytes: limit) }
                            continuation.yield(ArraySlice(buffer.readableBytesView))
                        }
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in pump.cancel() }
        return LLMHTTPStreamingResponse(
            status: Int(response.status.code), headers: Self.headers(response.headers), body: body)
    }

    /// Sends the request and waits for the response head.
    private func execute(_ request: LLMHTTPRequest, timeoutSeconds: Int) async throws -> HTTPClientResponse {
        try Self.checkHeaders(request.headers)
        // AsyncHTTPClient hears of a cancellation through a task of its own, so a request from an already cancelled
        // task could still go out: check first.
        try Task.checkCancellation()
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if !outgoing.headers.contains(name: "Accept-Encoding") {
            outgoing.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        }
        if request.method != "GET" && request.method != "HEAD" {
            outgoing.body = .bytes(ByteBuffer(bytes: request.body))
        }
        return try await client.execute(outgoing, timeout: .seconds(Int64(timeoutSeconds)))
    }

    /// Refuses header names and values that would split the request, before anything is sent.
    ///
    /// AsyncHTTPClient refuses them too, but its error quotes the value, and a value may be an API key.
    private static func checkHeaders(_ headers: [String: String]) throws(TransportError) {
        for (name, value) in headers {
            let forbidden: (Character) -> Bool = { $0 == "\r" || $0 == "\n" || $0 == "\0" }
            guard !name.contains(where: forbidden), !value.contains(where: forbidden) else {
                throw .other("request header \(name.filter { !forbidden($0) }) contains a line break; not sent")
            }
        }
    }

    private static func headers(_ headers: HTTPHeaders) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            result[key] = result[key].map { "\($0), \(value)" } ?? value
        }
        return result
    }
}

extension HTTPClientTransport {
    /// Makes a client, hands `body` a transport on it, and shuts the client down when `body` returns or throws.
    ///
    /// The way an executable owns the one `HTTPClient` of its process:
    ///
    /// ```swift
    /// try await HTTPClientTransport.withTransport(maxConnectionsPerHost: settings.concurrency) { transport in
    ///     let pipeline = try factory.makePipeline(transport: transport, …)
    ///     …
    /// }
    /// ```
    public static func withTransport<Result>(
        maxConnectionsPerHost: Int,
        maxResponseBytes: Int = defaultMaxResponseBytes,
        _ body: (HTTPClientTransport) async throws -> Result
    ) async throws -> Result {
        let client = makeClient(maxConnectionsPerHost: maxConnectionsPerHost, maxResponseBytes: maxResponseBytes)
        let transport = HTTPClientTransport(client: client, maxResponseBytes: maxResponseBytes)
        let result: Result
        do {
            result = try await body(transport)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
        return result
    }
}
