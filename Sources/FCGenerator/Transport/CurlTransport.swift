/// An ``LLMTransport`` on libcurl's multi interface that costs no CPU while it waits for slow responses.
///
/// URLSession on Linux wakes up about 1,600 times a second inside libdispatch while a request is outstanding
/// (PLATFORM.md), so a worker waiting on LLM calls all day would burn a core. This transport drives one libcurl
/// multi handle from one dedicated thread that sleeps in `curl_multi_poll` until a socket is ready, a timer curl
/// asked for is due, or a new request or cancellation wakes it.
///
/// - At most `maxConcurrentRequests` transfers run at once; further requests wait in a queue, and their timeout
///   starts when they get a slot. Connections are kept alive and reused (up to that many per host).
/// - Non-2xx statuses are responses, not errors. Response header names are lowercased; when the server sends more
///   than one status line (`100 Continue`), only the final response's headers are kept.
/// - Redirects are not followed (curl would resend API-key headers to the new host): a 3xx is returned as is.
/// - Cancelling the calling task throws ``TransportError/cancelled`` at once and drops the transfer.
///
/// ```swift
/// let transport = CurlTransport(maxConcurrentRequests: 8)
/// let response = try await transport.send(
///     LLMHTTPRequest(url: endpoint, headers: ["Content-Type": "application/json"], body: body, timeoutSeconds: 60)
/// )
/// ```
public final class CurlTransport: LLMTransport {
    private let engine: Result<CurlEngine, TransportError>
    private let connectTimeoutSeconds: Int

    /// Starts the transport's libcurl thread.
    ///
    /// If libcurl cannot start (out of memory or threads), every ``send(_:)`` throws ``TransportError/other(_:)``
    /// saying so, which keeps construction infallible for callers that build transports from configuration.
    /// - Parameters:
    ///   - maxConcurrentRequests: Transfers in flight at once, and connections kept per host.
    ///   - connectTimeoutSeconds: Upper bound on establishing a connection (TCP and TLS), within each request's
    ///     own timeout.
    public convenience init(maxConcurrentRequests: Int, connectTimeoutSeconds: Int = 10) {
        self.init(
            maxConcurrentRequests: maxConcurrentRequests, connectTimeoutSeconds: connectTimeoutSeconds,
            threadName: "fcgen-curl")
    }

    /// The designated initialiser; `threadName` lets tests find their own transport's thread in `/proc`.
    package init(maxConcurrentRequests: Int, connectTimeoutSeconds: Int, threadName: String) {
        self.connectTimeoutSeconds = max(1, connectTimeoutSeconds)
        do throws(TransportError) {
            engine = .success(try CurlEngine(maxConcurrentRequests: maxConcurrentRequests, threadName: threadName))
        } catch {
            engine = .failure(error)
        }
    }

    deinit {
        if case .success(let engine) = engine { engine.shutdown() }
    }

    /// Sends `request` and returns the complete response, whatever its status.
    /// - Throws: ``TransportError``: `.timedOut` after `request.timeoutSeconds`, `.connectionFailed`,
    ///   `.connectionLost`, `.cancelled` when the calling task is cancelled, `.other` for the rest.
    public func send(_ request: LLMHTTPRequest) async throws -> LLMHTTPResponse {
        let engine = try engine.get()
        let transfer = try CurlTransfer(request: request, connectTimeoutSeconds: connectTimeoutSeconds)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                engine.submit(transfer, continuation: continuation)
            }
        } onCancel: {
            engine.cancel(transfer)
        }
        return try result.get()
    }

    /// Requests submitted whose libcurl handle is not yet freed; zero when the transport is quiet.
    /// Lets tests check that cancelled and failed requests leave nothing behind.
    package var outstandingTransfers: Int {
        (try? engine.get().outstandingTransfers) ?? 0
    }
}
