import FCCore
import Foundation

/// The settings a config file or `FCGEN_*` environment variable may hold: one table, so the file reader, the
/// environment reader, the error messages and the documentation can't disagree.
struct ConfigKey: Sendable {
    enum Field: Sendable {
        case text(any WritableKeyPath<ConfigLayer, String?> & Sendable, allowed: [String]?)
        case integer(any WritableKeyPath<ConfigLayer, Int?> & Sendable, range: ClosedRange<Int>)
        case decimal(any WritableKeyPath<ConfigLayer, Double?> & Sendable, range: ClosedRange<Double>)
        /// A number greater than 0 and at most ``Money/largestBudget`` (an amount of money: 0 would be no budget at
        /// all, so it is refused).
        case positive(any WritableKeyPath<ConfigLayer, Double?> & Sendable)
        /// `true` or `false` in a file; also `1`/`0`, `yes`/`no`, `on`/`off` in the environment.
        case boolean(any WritableKeyPath<ConfigLayer, Bool?> & Sendable)
        /// The name of an environment variable; a bad value is never echoed (see ``EnvironmentVariableName``).
        case variableName(any WritableKeyPath<ConfigLayer, String?> & Sendable)
        /// A comma-separated list of card kinds generation asks for (``FCCore/GeneratedKinds``).
        case kinds(any WritableKeyPath<ConfigLayer, String?> & Sendable)
    }

    /// The key in `config.json`.
    let name: String
    /// The environment variable that overrides it.
    let environmentVariable: String
    let field: Field

    init(_ name: String, env: String? = nil, _ field: Field) {
        self.name = name
        self.environmentVariable = env ?? "FCGEN_" + name.uppercased()
        self.field = field
    }

    static let all: [ConfigKey] = [
        ConfigKey("provider", .text(\.provider, allowed: ["openai", "gemini", "anthropic", "fixture"])),
        ConfigKey("base_url", .text(\.baseURL, allowed: nil)),
        ConfigKey("model", .text(\.model, allowed: nil)),
        ConfigKey("api_key_env", .variableName(\.apiKeyEnv)),
        ConfigKey("cards_per_batch", .integer(\.cardsPerBatch, range: 1...100)),
        ConfigKey("temperature", .decimal(\.temperature, range: 0...2)),
        ConfigKey("max_output_tokens", .integer(\.maxOutputTokens, range: 64...1_000_000)),
        ConfigKey("timeout_s", .integer(\.timeoutSeconds, range: 1...3600)),
        ConfigKey("retries", .integer(\.retries, range: 0...20)),
        ConfigKey("backoff_base_s", .decimal(\.backoffBaseSeconds, range: 0...600)),
        ConfigKey("backoff_max_s", .decimal(\.backoffMaxSeconds, range: 0...3600)),
        ConfigKey("requests_per_minute", .integer(\.requestsPerMinute, range: 0...100_000)),
        ConfigKey("concurrency", .integer(\.concurrency, range: 1...64)),
        ConfigKey(
            "structured_output",
            .text(\.structuredOutput, allowed: ["json_schema", "json_object_schema", "json_object", "none"])
        ),
        ConfigKey("database", env: "FCGEN_DB", .text(\.database, allowed: nil)),
        ConfigKey("prompts_dir", .text(\.promptsDirectory, allowed: nil)),
        ConfigKey("fixtures_dir", .text(\.fixturesDirectory, allowed: nil)),
        ConfigKey("avoid_list_limit", .integer(\.avoidListLimit, range: 0...1000)),
        ConfigKey("image_max_bytes", .integer(\.imageMaxBytes, range: 1024...67_108_864)),
        ConfigKey("source_max_bytes", .integer(\.sourceMaxBytes, range: 1024...4_294_967_296)),
        ConfigKey("stream", .boolean(\.stream)),
        ConfigKey("topic_outline", .boolean(\.topicOutline)),
        ConfigKey("review", .boolean(\.review)),
        ConfigKey("fallback_retries", .integer(\.fallbackRetries, range: 0...5)),
        ConfigKey("frequency_penalty", .decimal(\.frequencyPenalty, range: -2...2)),
        ConfigKey("daily_budget", .positive(\.dailyBudget)),
        ConfigKey("card_kinds", .kinds(\.cardKinds)),
        ConfigKey("image_resolver", .text(\.imageResolver, allowed: ImageResolverKind.allCases.map(\.rawValue))),
        ConfigKey("image_search_url", .text(\.imageSearchURL, allowed: nil)),
        ConfigKey("image_timeout_s", .integer(\.imageTimeoutSeconds, range: 1...3600)),
        ConfigKey("embedding_model", .text(\.embeddingModel, allowed: nil)),
        ConfigKey("embedding_threshold", .decimal(\.embeddingThreshold, range: 0.5...1)),
    ]

    static let byName: [String: ConfigKey] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// What a valid value looks like, for error messages.
    var expectation: String {
        switch field {
        case .text(_, let allowed?): "one of " + allowed.map { "\"\($0)\"" }.joined(separator: ", ")
        case .text: "a non-empty string"
        case .integer(_, let range): "an integer in \(range.lowerBound)...\(range.upperBound)"
        case .decimal(_, let range): "a number in \(range.lowerBound)...\(range.upperBound)"
        case .positive: "a number of US dollars greater than 0, at most 1000000"
        case .variableName: "the name of an environment variable"
        case .boolean: "true or false"
        case .kinds: "a comma-separated list of " + GeneratedKinds.allowedList
        }
    }

    /// Stores `value` into `layer`, or returns why it can't.
    func assign(_ value: ConfigValue, to layer: inout ConfigLayer) -> String? {
        switch (field, value) {
        case (.text(let path, let allowed), .string(let text)):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, allowed.map({ $0.contains(trimmed) }) ?? true else { break }
            layer[keyPath: path] = trimmed
            return nil
        case (.integer(let path, let range), .number(let number)):
            guard number == number.rounded(), number >= Double(range.lowerBound), number <= Double(range.upperBound)
            else { break }
            layer[keyPath: path] = Int(number)
            return nil
        case (.decimal(let path, let range), .number(let number)):
            guard range.contains(number) else { break }
            layer[keyPath: path] = number
            return nil
        case (.positive(let path), .number(let number)):
            guard number > 0, number <= Money.largestBudget else { break }
            layer[keyPath: path] = number
            return nil
        case (.boolean(let path), .bool(let flag)):
            layer[keyPath: path] = flag
            return nil
        case (.variableName(let path), .string(let text)):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard EnvironmentVariableName.isPlausible(trimmed) else { break }
            layer[keyPath: path] = trimmed
            return nil
        case (.kinds(let path), .string(let text)):
            guard case .success(let kinds) = GeneratedKinds.parse(text) else { break }
            layer[keyPath: path] = kinds.description
            return nil
        default:
            break
        }
        // A pasted key must not reach stderr: whatever `api_key_env` holds, the message leaves it out.
        if case .variableName = field { return EnvironmentVariableName.requirement }
        return "expected \(expectation), got \(value.summary)"
    }
}
