package import AsyncHTTPClient
package import FCGenerator

/// The live HTTP transport for tests and benchmarks, on one `HTTPClient` per process.
///
/// The client is never shut down: a `static let` is never deinitialised, and AsyncHTTPClient asks only that a client
/// be shut down before it is deinitialised. Tests that need their own pool settings make their own client and shut it
/// down themselves.
package enum TestHTTPClient {
    /// The shared client, with the connection limit of a busy worker.
    package static let shared: HTTPClient = HTTPClientTransport.makeClient(maxConnectionsPerHost: 64)

    /// A transport on ``shared``.
    package static func transport(
        maxResponseBytes: Int = HTTPClientTransport.defaultMaxResponseBytes
    ) -> HTTPClientTransport {
        HTTPClientTransport(client: shared, maxResponseBytes: maxResponseBytes)
    }
}
