public import FCCore
package import FCGenerator
package import FCStore
public import Foundation

/// Assembles a ``Pipeline`` from ``Settings``: store, transport, provider, prompt templates.
///
/// Executables call this with the real clock and a randomly seeded ``RandomSource``; tests pass a transport stub.
public struct PipelineFactory: Sendable {
    public var settings: Settings
    public var environment: [String: String]
    public var workingDirectory: URL

    public init(settings: Settings, environment: [String: String], workingDirectory: URL) {
        self.settings = settings
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

    /// The prompt templates: `prompts_dir` when configured (it must exist), else `./prompts` when present, else the
    /// templates built into the binary.
    package func templates() throws -> PromptTemplates {
        if let directory = settings.promptsDirectory {
            return try PromptTemplates.load(from: directory)
        }
        let local = workingDirectory.appendingPathComponent("prompts", isDirectory: true)
        if FileManager.default.fileExists(atPath: local.appendingPathComponent("batch.txt").path) {
            return try PromptTemplates.load(from: local)
        }
        return .builtIn
    }

    /// The provider settings, with the API key read from the environment at the last moment.
    package func providerSettings() throws -> ProviderSettings {
        var provider = ProviderSettings(
            kind: settings.provider,
            baseURL: settings.baseURL,
            model: settings.model,
            apiKey: try settings.apiKey(from: environment),
            temperature: settings.temperature,
            maxOutputTokens: settings.maxOutputTokens,
            timeoutSeconds: settings.timeoutSeconds,
            structuredOutput: settings.structuredOutput,
            retry: RetryPolicy(
                maxAttempts: settings.retries + 1,
                baseDelay: settings.backoffBase,
                maxDelay: settings.backoffMax
            ),
            requestsPerMinute: settings.requestsPerMinute,
            fixturesDirectory: settings.fixturesDirectory,
            apiKeyVariable: settings.apiKeyVariable
        )
        provider.frequencyPenalty = settings.frequencyPenalty
        return provider
    }

    /// Refuses a run of the offline demo (the fixture provider) for a topic it has no recorded replies for: every
    /// batch would be templated fallback cards, stored and never studied. Called before anything is asked or
    /// stored, unless the caller asked to store fallback cards or the cards come from a source (`--from` needs no
    /// recording).
    ///
    /// - Throws: ``PipelineError/noOfflineRecording(topic:known:)`` naming the topics the demo knows.
    package func checkOfflineRecording(topic: String) throws {
        if let known = missingOfflineRecording(topic: topic) {
            throw PipelineError.noOfflineRecording(topic: topic, known: known)
        }
    }

    /// The topics the offline demo knows when it has no recorded replies for `topic`; `nil` when it has, or when
    /// the provider is not the fixture provider (see ``checkOfflineRecording(topic:)``).
    package func missingOfflineRecording(topic: String) -> [String]? {
        guard settings.provider == .fixture else { return nil }
        // A folder someone named that does not exist is the pipeline's own refusal (`makePipeline`), said as such.
        if let folder = settings.fixturesDirectory, !FileManager.default.fileExists(atPath: folder.path) { return nil }
        let fixtures = FixtureProvider(directory: settings.fixturesDirectory)
        return fixtures.hasRecording(topic: topic) ? nil : fixtures.recordedTopics()
    }

    /// Checks every setting the pipeline needs (the API key, the fixtures folder, the prompt templates, the picture
    /// resolver's key), then opens the store and builds the pipeline: a run refused for a setting creates no
    /// database.
    ///
    /// - Parameters:
    ///   - transport: the HTTP transport (the executable's ``HTTPClientTransport``, a stub in tests).
    ///   - clock: sleeps for backoff and rate limits, and measures latency.
    ///   - random: jitter for backoff.
    ///   - now: timestamps stored rows.
    package func makePipeline(
        transport: any LLMTransport,
        clock: any Clock<Duration>,
        random: RandomSource,
        now: Now,
        events: @escaping PipelineEventHandler
    ) async throws -> Pipeline {
        let parts = try parts(transport: transport)
        return makePipeline(
            store: try await Store.open(path: settings.databasePath, now: now), parts: parts, transport: transport,
            clock: clock, random: random, events: events)
    }

    /// Builds the pipeline on an open store (the server's, so one process keeps one store).
    package func makePipeline(
        store: Store,
        transport: any LLMTransport,
        clock: any Clock<Duration>,
        random: RandomSource,
        events: @escaping PipelineEventHandler
    ) throws -> Pipeline {
        makePipeline(
            store: store, parts: try parts(transport: transport), transport: transport, clock: clock, random: random,
            events: events)
    }

    /// What a pipeline is built from besides its store, each checked: reading them touches no database.
    private struct Parts {
        var provider: ProviderSettings
        var templates: PromptTemplates
        var pictureFinder: CardPictureFinder?
    }

    /// Reads and checks the settings a pipeline needs.
    ///
    /// - Throws: ``PipelineError/missingAPIKey(provider:variable:)``, ``PipelineError/setting(_:)`` for a missing
    ///   fixtures folder, a template error, ``PipelineError/missingImageKey(resolver:variable:)``.
    private func parts(transport: any LLMTransport) throws -> Parts {
        let providerSettings = try providerSettings()
        // Without a folder the fixture provider replays its built-in copy; a folder someone named must exist.
        if settings.provider == .fixture, let folder = settings.fixturesDirectory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw PipelineError.setting(
                    "fixtures directory \(folder.path) not found (set by --fixtures, FCGEN_FIXTURES_DIR or "
                        + "fixtures_dir; without one, --offline replays the replies built into fcgen)"
                )
            }
        }
        return Parts(
            provider: providerSettings, templates: try templates(),
            pictureFinder: try pictureFinder(transport: transport))
    }

    /// Assembles the pipeline from checked parts; nothing here can fail.
    private func makePipeline(
        store: Store,
        parts: Parts,
        transport: any LLMTransport,
        clock: any Clock<Duration>,
        random: RandomSource,
        events: @escaping PipelineEventHandler
    ) -> Pipeline {
        let provider = makeProvider(
            parts.provider,
            transport: transport,
            clock: clock,
            random: random,
            events: { events(.generator($0)) }
        )
        var pipeline = Pipeline(
            store: store,
            provider: provider,
            templates: parts.templates,
            clock: clock,
            origin: settings.provider == .fixture ? .fixture : .generated,
            pricing: Pricing(
                prices: settings.prices, model: provider.model, maxOutputTokens: settings.maxOutputTokens),
            events: events
        )
        pipeline.pictureFinder = parts.pictureFinder
        if let model = settings.embeddingModel {
            pipeline.embedder = makeEmbeddingProvider(
                parts.provider, model: model, transport: transport, clock: clock, random: random,
                events: { events(.generator($0)) })
            pipeline.embeddingThreshold = settings.embeddingThreshold
        }
        return pipeline
    }

    /// The environment variable that holds the Unsplash access key.
    package static let unsplashKeyVariable = "UNSPLASH_ACCESS_KEY"

    /// What finds generated cards' pictures: `nil` for `image_resolver` `none` (no image request is ever sent).
    ///
    /// - Throws: ``PipelineError/missingImageKey(resolver:variable:)`` when `unsplash` has no key, before anything
    ///   is sent.
    package func pictureFinder(transport: any LLMTransport) throws -> CardPictureFinder? {
        switch settings.imageResolver {
        case .none:
            return nil
        case .unsplash:
            let variable = Self.unsplashKeyVariable
            guard let key = environment[variable]?.trimmingCharacters(in: .whitespaces), !key.isEmpty else {
                throw PipelineError.missingImageKey(resolver: ImageResolverKind.unsplash.rawValue, variable: variable)
            }
            let resolver = UnsplashImageResolver(
                baseURL: settings.imageSearchURL ?? UnsplashImageResolver.defaultBaseURL, accessKey: key,
                transport: transport, maxBytes: settings.imageMaxBytes,
                timeoutSeconds: settings.imageRequestTimeoutSeconds)
            return CardPictureFinder(resolver: resolver, maxBytes: settings.imageMaxBytes)
        }
    }

    /// The limit of `fcgen generate --max-cost USD`, checked before a request leaves.
    ///
    /// - Throws: ``PipelineError/priceMissing(model:)`` when the model has no price (nothing is sent).
    package func runBudget(maxCost: Double) throws -> RunBudget {
        guard settings.prices.price(for: settings.model) != nil else {
            throw PipelineError.priceMissing(model: settings.model)
        }
        return RunBudget(limit: maxCost)
    }

    /// The generation options the settings describe.
    public func generationOptions(strict: Bool, language: LanguageTag? = nil) -> GenerationOptions {
        var options = GenerationOptions(
            cardsPerBatch: settings.cardsPerBatch,
            concurrency: settings.concurrency,
            strict: strict,
            avoidListLimit: settings.avoidListLimit,
            stream: settings.stream,
            outline: settings.topicOutline,
            language: language
        )
        options.kinds = settings.cardKinds
        options.review = settings.review
        options.fallbackRetries = settings.effectiveFallbackRetries
        return options
    }
}
