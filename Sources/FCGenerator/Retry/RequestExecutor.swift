package import FCCore

/// The retry loop every provider shares: rate limit, send, classify, back off, try again.
///
/// Sleeps only through the injected clock and draws jitter only from the injected `RandomSource`. The policy:
/// - 2xx: `decode` it. A body that fails to decode is retried once (a proxy hiccup or a half-written body), then
///   ends in ``GeneratorError/badResponse(provider:detail:)``.
/// - A response `intercept` claims (a structured-output rejection) goes back to the caller at once: it costs no
///   attempts and no sleep.
/// - Timeouts, connection errors, 408, 409, 429, 5xx: retried with jittered exponential backoff, or after the
///   `Retry-After` the server sent, which also pauses every other request through the same limiter.
/// - Other statuses: ``GeneratorError/rejected(provider:status:message:hint:)`` at once.
/// - Out of attempts: ``GeneratorError/unreachable(provider:endpoint:attempts:seconds:reason:)`` when the last attempt
///   could not connect at all, else ``GeneratorError/unavailable(provider:attempts:lastError:)``.
package struct RequestExecutor: Sendable {
    package enum Outcome<Value: Sendable>: Sendable {
        case decoded(Value)
        case intercepted(LLMHTTPResponse)
    }

    package var transport: any LLMTransport
    package var clock: ElapsedClock
    package var random: RandomSource
    package var policy: RetryPolicy
    package var limiter: RequestRateLimiter
    package var diagnostics: ErrorDiagnostics
    package var events: @Sendable (GeneratorEvent) -> Void

    package init(
        transport: any LLMTransport,
        clock: ElapsedClock,
        random: RandomSource,
        policy: RetryPolicy,
        limiter: RequestRateLimiter,
        diagnostics: ErrorDiagnostics,
        events: @escaping @Sendable (GeneratorEvent) -> Void
    ) {
        self.transport = transport
        self.clock = clock
        self.random = random
        self.policy = policy
        self.limiter = limiter
        self.diagnostics = diagnostics
        self.events = events
    }

    private var provider: String { diagnostics.provider }

    /// Statuses worth another attempt: request timeout, conflict, too many requests, server errors.
    package static func isRetryable(status: Int) -> Bool {
        status == 408 || status == 409 || status == 429 || (500...599).contains(status)
    }

    /// What one attempt got: a value read from a 2xx response, or a response of another status (body complete).
    package enum Received<Value: Sendable>: Sendable {
        case value(Value)
        case status(LLMHTTPResponse)
    }

    /// Sends `request` until it yields a decoded value or an intercepted response, or the policy gives up.
    /// - Throws: ``GeneratorError``.
    package func run<Value: Sendable>(
        _ request: LLMHTTPRequest,
        intercept: (LLMHTTPResponse) -> Bool = { _ in false },
        decode: (LLMHTTPResponse) throws(DecodeFailure) -> Value
    ) async throws(GeneratorError) -> Outcome<Value> {
        try await run(
            request, intercept: intercept,
            attempt: { request in
                let response = try await transport.send(request)
                guard (200...299).contains(response.status) else { return .status(response) }
                return .value(try decode(response))
            })
    }

    /// The retry loop around `attempt`, which sends the request once and reads what came back (whole, or as a
    /// stream). It throws ``DecodeFailure`` for a 2xx body it cannot read and ``TransportError`` when the exchange
    /// broke, even halfway through a streamed body: either way the whole request is sent again, as the policy allows.
    /// - Throws: ``GeneratorError``.
    package func run<Value: Sendable>(
        _ request: LLMHTTPRequest,
        intercept: (LLMHTTPResponse) -> Bool = { _ in false },
        attempt exchange: (LLMHTTPRequest) async throws -> Received<Value>
    ) async throws(GeneratorError) -> Outcome<Value> {
        var attempt = 1
        var retriedBadResponse = false
        let started = clock.now()
        while true {
            let failure: (reason: String, retryAfter: Duration?)
            // Set when this attempt could not connect at all: the message then names where and why.
            var connectFailure: String?
            do {
                let waited = try await limiter.acquire()
                if waited > .zero { events(.rateLimited(provider: provider, delay: waited)) }
                switch try await exchange(request) {
                case .value(let value):
                    return .decoded(value)
                case .status(let response) where intercept(response):
                    return .intercepted(response)
                case .status(let response) where Self.isRetryable(status: response.status):
                    let message = diagnostics.serverMessage(response.body)
                    failure = (
                        "HTTP \(response.status)" + (message.isEmpty ? "" : ": \(message)"),
                        RetryAfter.delay(in: response.headers)
                    )
                case .status(let response):
                    let message = diagnostics.serverMessage(response.body)
                    throw GeneratorError.rejected(
                        provider: provider,
                        status: response.status,
                        message: message,
                        hint: diagnostics.hint(status: response.status, message: message)
                    )
                }
            } catch let error as DecodeFailure {
                guard !retriedBadResponse, attempt < policy.maxAttempts else {
                    throw GeneratorError.badResponse(provider: provider, detail: error.detail)
                }
                retriedBadResponse = true
                failure = ("unreadable response (\(error.detail))", nil)
            } catch let error as GeneratorError {
                throw error
            } catch let error as TransportError {
                if error == .cancelled { throw GeneratorError.cancelled }
                guard error.isRetryable else {
                    // The same request would get the same reply (an oversized body): report it now, don't retry.
                    throw GeneratorError.unavailable(
                        provider: provider, attempts: attempt, lastError: diagnostics.redact(error.description))
                }
                if case .connectionFailed(let reason) = error { connectFailure = reason }
                failure = (diagnostics.redact(error.description), nil)
            } catch is CancellationError {
                throw GeneratorError.cancelled
            } catch {
                // A transport that throws something else: treat it like a connection error, but keep it short.
                failure = (diagnostics.redact(String(describing: error)), nil)
            }

            guard attempt < policy.maxAttempts else {
                if let connectFailure {
                    let elapsed = clock.now() - started
                    throw GeneratorError.unreachable(
                        provider: diagnostics.kindDescription, endpoint: diagnostics.endpoint, attempts: attempt,
                        seconds: Int(elapsed.components.seconds), reason: connectFailure)
                }
                throw GeneratorError.unavailable(provider: provider, attempts: attempt, lastError: failure.reason)
            }
            let delay: Duration
            if let retryAfter = failure.retryAfter {
                delay = min(retryAfter, policy.maxRetryAfter)
                // The server spoke for the whole account, not just this request: hold everyone.
                await limiter.pause(for: delay)
            } else {
                delay = policy.backoff(beforeRetry: attempt, random: random)
            }
            attempt += 1
            events(.retrying(provider: provider, attempt: attempt, delay: delay, reason: failure.reason))
            do {
                try await clock.sleep(for: delay)
            } catch {
                throw GeneratorError.cancelled
            }
            if Task.isCancelled { throw GeneratorError.cancelled }
        }
    }
}

/// Why a successful status's body could not be read; becomes ``GeneratorError/badResponse(provider:detail:)``.
/// The detail describes the shape, never the content (which may be card text).
package struct DecodeFailure: Error, Sendable {
    package var detail: String

    package init(_ detail: String) { self.detail = detail }
}
