package import FCCore
import Foundation

/// Builds the provider the settings describe, with its own retry loop and request-rate limiter.
///
/// Call it once per run and share the provider between concurrent batches: the rate limiter and the remembered
/// structured-output mode live in the provider. The fixture provider ignores the transport, clock and random source.
///
/// ```swift
/// let provider = makeProvider(
///     ProviderSettings(kind: .openai, baseURL: URL(string: "http://127.0.0.1:8080/v1"), model: "smollm2"),
///     transport: URLSessionTransport(maxConnectionsPerHost: 4),
///     clock: ContinuousClock(),
///     random: RandomSource(seed: seed),
///     events: { event in log(event.description) }
/// )
/// ```
/// - Parameters:
///   - settings: What to talk to and how.
///   - transport: Sends HTTP requests (``URLSessionTransport`` or ``CurlTransport``; a stub in tests).
///   - clock: Every backoff, Retry-After and rate-limit wait sleeps on this clock and nothing else.
///   - random: Jitter for the backoff.
///   - events: Receives retries, rate-limit waits and structured-output downgrades; called from any task.
/// - Returns: The provider.
package func makeProvider(
    _ settings: ProviderSettings,
    transport: any LLMTransport,
    clock: any Clock<Duration>,
    random: RandomSource,
    events: @escaping @Sendable (GeneratorEvent) -> Void
) -> any LLMProvider {
    let executor = makeExecutor(settings, transport: transport, clock: clock, random: random, events: events)
    switch settings.kind {
    case .openai: return OpenAIProvider(settings: settings, executor: executor)
    case .gemini: return GeminiProvider(settings: settings, executor: executor)
    case .anthropic: return AnthropicProvider(settings: settings, executor: executor)
    case .fixture: return FixtureProvider(directory: settings.fixturesDirectory)
    }
}

/// The embedding provider for `model` at the provider `settings` describe (its base URL, key, timeout, retries and
/// its own rate limiter); `nil` for providers without an embeddings endpoint (Anthropic, the fixtures).
package func makeEmbeddingProvider(
    _ settings: ProviderSettings,
    model: String,
    transport: any LLMTransport,
    clock: any Clock<Duration>,
    random: RandomSource,
    events: @escaping @Sendable (GeneratorEvent) -> Void
) -> (any EmbeddingProvider)? {
    var settings = settings
    settings.model = model
    let executor = makeExecutor(settings, transport: transport, clock: clock, random: random, events: events)
    return HTTPEmbeddings(settings: settings, model: model, executor: executor)
}

/// One retry loop and request-rate limiter for the provider `settings` describe.
private func makeExecutor(
    _ settings: ProviderSettings,
    transport: any LLMTransport,
    clock: any Clock<Duration>,
    random: RandomSource,
    events: @escaping @Sendable (GeneratorEvent) -> Void
) -> RequestExecutor {
    let elapsed = ElapsedClock(clock)
    return RequestExecutor(
        transport: transport,
        clock: elapsed,
        random: random,
        policy: settings.retry,
        limiter: RequestRateLimiter(requestsPerMinute: settings.requestsPerMinute, clock: elapsed),
        diagnostics: ErrorDiagnostics(
            provider: settings.kind.rawValue,
            model: settings.model,
            baseURL: settings.resolvedBaseURL ?? URL.constant("http://localhost"),
            apiKeyVariable: settings.apiKeyVariable ?? settings.kind.defaultAPIKeyVariable,
            apiKey: settings.apiKey,
            kindDescription: settings.kindDescription
        ),
        events: events
    )
}
