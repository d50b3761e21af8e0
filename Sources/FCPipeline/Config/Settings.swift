public import FCCore
package import FCGenerator
import FCStore
public import Foundation

/// Every setting fcgen runs with, resolved from flags, environment, config file and defaults.
public struct Settings: Sendable {
    package var provider: ProviderKind
    /// `nil` means the provider's public endpoint.
    public var baseURL: URL?
    public var model: String
    /// The environment variable that holds the API key. The key itself is read at the last moment and never stored.
    public var apiKeyVariable: String
    public var cardsPerBatch: Int
    public var temperature: Double
    public var maxOutputTokens: Int
    public var timeoutSeconds: Int
    public var retries: Int
    public var backoffBase: Duration
    public var backoffMax: Duration
    /// `nil` means no limit.
    public var requestsPerMinute: Int?
    public var concurrency: Int
    package var structuredOutput: StructuredOutputMode
    /// An SQLite file, or a PostgreSQL URL (`postgres://user@host/db`) kept as given.
    public var databasePath: String
    /// `nil` means the prompt templates built into the binary.
    public var promptsDirectory: URL?
    /// `nil` means the fixture replies built into the binary (a copy of the repository's `fixtures/`).
    public var fixturesDirectory: URL?
    public var avoidListLimit: Int
    /// Largest image a card may carry, in bytes (default 1 MiB).
    public var imageMaxBytes: Int
    /// Largest source `generate --from` reads, in bytes: the file, or a PDF and its extracted text (256 MiB).
    public var sourceMaxBytes: Int = 268_435_456
    /// Stream replies and report cards as they are read (`stream`, `--stream`); off by default.
    public var stream: Bool
    /// Ask the model for an outline on a topic's first run (`topic_outline`); on by default.
    public var topicOutline: Bool = true
    /// Batches are reviewed before they are stored (`review`, `--review`): by `fcgen generate`, the refill worker
    /// and the service's generations alike; off by default.
    public var review = false
    /// `fallback_retries` (`--fallback-retries`): how many times a batch whose reply salvaged no card is asked again
    /// before it falls back to templated cards (0...5); 1 by default, 0 falls back at once.
    public var fallbackRetries = 1
    /// `frequency_penalty`: sent as is to OpenAI-compatible servers (-2...2; llama.cpp's server honours it) so a
    /// small model repeats itself less; `nil` (the default) sends none.
    public var frequencyPenalty: Double?
    /// `prices`: per model, US dollars per million tokens; a model without a price has an unknown cost.
    public var prices = PriceTable()
    /// `daily_budget`: the refill worker's overall limit per UTC day, in US dollars; `nil` for none.
    public var dailyBudget: Double?
    /// `card_kinds` (`--kinds`): the card kinds generation asks for; the standard four by default.
    public var cardKinds: GeneratedKinds = .standard
    /// `image_resolver` (`--images`): where generated cards' pictures come from; `none` (no image requests) by
    /// default.
    public var imageResolver: ImageResolverKind = .none
    /// `image_search_url`: the image search API root; `nil` means Unsplash's.
    public var imageSearchURL: URL?
    /// `image_timeout_s`: whole seconds for each image search request; `nil` means `min(timeout_s, 30)`, so a
    /// picture never holds a batch as long as the model may.
    public var imageTimeoutSeconds: Int?

    /// `embedding_model`: the provider's embedding model; with one, a new card whose fact the topic holds in other
    /// words is caught by the cosine of the questions' embeddings (``embeddingThreshold``). `nil` (the default):
    /// the local measure alone. Ignored by the offline fixtures; refused for Anthropic, which has no embeddings.
    public var embeddingModel: String?
    /// `embedding_threshold`: the cosine of two questions' embeddings from which cards whose facts otherwise agree
    /// are one card (0.5...1, default 0.85).
    public var embeddingThreshold: Double = 0.85

    /// How many times a batch is asked again before it falls back: ``fallbackRetries``, but 0 for the offline demo,
    /// whose recorded reply is replayed as it is (asking again can't change it).
    package var effectiveFallbackRetries: Int { provider == .fixture ? 0 : fallbackRetries }

    /// The timeout of each image search request: `image_timeout_s`, or `min(timeout_s, 30)`.
    package var imageRequestTimeoutSeconds: Int { imageTimeoutSeconds ?? min(timeoutSeconds, 30) }

    /// Resolves a merged layer (flags over environment over file) into settings, filling in defaults.
    ///
    /// - Parameters:
    ///   - layer: the merged layers; see ``ConfigLayer/overlaying(_:)``.
    ///   - environment: the process environment, for `XDG_DATA_HOME` and `HOME`.
    ///   - workingDirectory: relative paths are resolved against it.
    /// - Throws: ``PipelineError/setting(_:)`` when a value can't be used.
    public static func resolve(
        _ layer: ConfigLayer,
        environment: [String: String],
        workingDirectory: URL
    ) throws -> Settings {
        let provider = ProviderKind(rawValue: layer.provider ?? "openai") ?? .openai
        // Flags reach this point unchecked (the file and environment were checked as they were read).
        if let name = layer.apiKeyEnv, !EnvironmentVariableName.isPlausible(name) {
            throw PipelineError.setting("api_key_env " + EnvironmentVariableName.requirement)
        }
        var baseURL: URL?
        if let text = layer.baseURL {
            guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme),
                url.host != nil
            else {
                // A URL may carry a key (`?key=…`, `user:token@`), and a pasted key is no URL at all: show the value
                // only when it is recognisably a URL, and then without those parts.
                let shown = URL(string: text).flatMap { $0.scheme != nil && $0.host != nil ? $0 : nil }
                    .map { "\"\($0.redactedDescription)\"" }
                throw PipelineError.setting(
                    "base_url \(shown ?? "(the value is not shown)") is not an http(s) URL, e.g. http://127.0.0.1:11434/v1"
                )
            }
            baseURL = url
        }
        func directory(_ path: String) -> URL {
            URL(fileURLWithPath: path, relativeTo: workingDirectory).standardizedFileURL
        }
        let backoffBase = layer.backoffBaseSeconds ?? 1
        let backoffMax = max(layer.backoffMaxSeconds ?? 30, backoffBase)
        let requestsPerMinute = layer.requestsPerMinute ?? 0
        var settings = Settings(
            provider: provider,
            baseURL: baseURL,
            model: layer.model ?? provider.defaultModel,
            apiKeyVariable: layer.apiKeyEnv ?? provider.defaultAPIKeyVariable ?? "FCGEN_API_KEY",
            cardsPerBatch: layer.cardsPerBatch ?? 15,
            temperature: layer.temperature ?? 0.7,
            maxOutputTokens: layer.maxOutputTokens ?? 4096,
            timeoutSeconds: layer.timeoutSeconds ?? 120,
            retries: layer.retries ?? 3,
            backoffBase: .milliseconds(Int(backoffBase * 1000)),
            backoffMax: .milliseconds(Int(backoffMax * 1000)),
            requestsPerMinute: requestsPerMinute > 0 ? requestsPerMinute : nil,
            concurrency: layer.concurrency ?? 4,
            structuredOutput: layer.structuredOutput.flatMap(StructuredOutputMode.init(rawValue:)) ?? .jsonSchema,
            databasePath: layer.database.map { PostgresTarget.isURL($0) ? $0 : directory($0).path }
                ?? defaultDatabasePath(environment),
            promptsDirectory: layer.promptsDirectory.map(directory),
            fixturesDirectory: layer.fixturesDirectory.map(directory),
            avoidListLimit: layer.avoidListLimit ?? 20,
            imageMaxBytes: layer.imageMaxBytes ?? 1_048_576,
            sourceMaxBytes: layer.sourceMaxBytes ?? 268_435_456,
            stream: layer.stream ?? false,
            topicOutline: layer.topicOutline ?? true,
            prices: layer.prices ?? PriceTable(),
            dailyBudget: layer.dailyBudget,
            cardKinds: try parsedCardKinds(layer.cardKinds),
            imageResolver: try imageResolver(layer.imageResolver),
            imageSearchURL: try layer.imageSearchURL.map { try webURL($0, setting: "image_search_url") }
        )
        settings.review = layer.review ?? false
        // Flags reach this point unchecked (the file and environment were checked as they were read).
        if let retries = layer.fallbackRetries, !(0...5).contains(retries) {
            throw PipelineError.setting("fallback_retries must be an integer in 0...5, got \(retries)")
        }
        settings.fallbackRetries = layer.fallbackRetries ?? 1
        if let penalty = layer.frequencyPenalty, !(-2...2).contains(penalty) {
            throw PipelineError.setting("frequency_penalty must be a number in -2...2, got \(penalty)")
        }
        settings.frequencyPenalty = layer.frequencyPenalty
        settings.imageTimeoutSeconds = layer.imageTimeoutSeconds
        settings.embeddingModel = layer.embeddingModel
        settings.embeddingThreshold = layer.embeddingThreshold ?? 0.85
        if provider == .anthropic, let model = layer.embeddingModel {
            throw PipelineError.setting(
                "embedding_model \"\(model)\": anthropic has no embeddings endpoint; unset embedding_model")
        }
        return settings
    }

    /// The resolver a name picks; flags reach here unchecked.
    private static func imageResolver(_ name: String?) throws -> ImageResolverKind {
        guard let name else { return .none }
        guard let kind = ImageResolverKind(rawValue: name) else {
            throw PipelineError.setting(
                "image_resolver \"\(name)\" is not one of "
                    + ImageResolverKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return kind
    }

    /// `text` as an http(s) URL, or a setting error that shows it only without a key it might carry.
    private static func webURL(_ text: String, setting: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil
        else {
            let shown = URL(string: text).flatMap { $0.scheme != nil && $0.host != nil ? $0 : nil }
                .map { "\"\($0.redactedDescription)\"" }
            throw PipelineError.setting("\(setting) \(shown ?? "(the value is not shown)") is not an http(s) URL")
        }
        return url
    }

    /// The kinds a `card_kinds` value names; flags reach here unchecked, so a bad list is a setting error.
    private static func parsedCardKinds(_ list: String?) throws -> GeneratedKinds {
        guard let list else { return .standard }
        switch GeneratedKinds.parse(list) {
        case .success(let kinds): return kinds
        case .failure(let problem): throw PipelineError.setting("card_kinds: \(problem)")
        }
    }

    /// `$XDG_DATA_HOME/fcgen/fcgen.sqlite`, else `~/.local/share/fcgen/fcgen.sqlite`.
    public static func defaultDatabasePath(_ environment: [String: String]) -> String {
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/fcgen/fcgen.sqlite"
    }

    /// The config file used when `--config` is not given: `$XDG_CONFIG_HOME/fcgen/config.json`, else
    /// `~/.config/fcgen/config.json`.
    public static func defaultConfigPath(_ environment: [String: String]) -> String {
        let configHome =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return configHome + "/fcgen/config.json"
    }

    /// Reads the API key from the environment variable the settings name.
    ///
    /// - Returns: the key, or `nil` when the provider can do without one (fixtures, a local OpenAI-compatible server).
    /// - Throws: ``PipelineError/missingAPIKey(provider:variable:)`` when the provider needs a key and there is none.
    public func apiKey(from environment: [String: String]) throws -> String? {
        let key = environment[apiKeyVariable].flatMap { $0.isEmpty ? nil : $0 }
        switch provider {
        case .fixture:
            return nil
        case .openai where baseURL != nil:
            // Local servers (Ollama, llama.cpp, vLLM) take no key; send one only if the user set it.
            return key
        case .openai, .gemini, .anthropic:
            guard let key else {
                throw PipelineError.missingAPIKey(provider: provider.rawValue, variable: apiKeyVariable)
            }
            return key
        }
    }
}

extension ProviderKind {
    /// The model used when none is configured.
    public var defaultModel: String {
        switch self {
        case .openai: "gpt-4o-mini"
        case .gemini: "gemini-2.5-flash"
        case .anthropic: "claude-haiku-4-5"
        case .fixture: "fixture"
        }
    }
}
