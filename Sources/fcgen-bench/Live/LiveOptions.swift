import ArgumentParser

/// `fcgen-bench live`'s options: which OpenAI-compatible server and model, which topics, how many batches.
struct LiveOptions: ParsableArguments {
    @Option(
        name: .customLong("base-url"), help: "The OpenAI-compatible server's API root, e.g. http://127.0.0.1:8080/v1")
    var baseURL: String

    @Option(help: "The model the server serves")
    var model: String

    @Option(help: "A file with one topic per line (default: history, a language, maths, a science, programming)")
    var topics: String?

    @Option(help: "Batches per topic (1-50)")
    var batches = 3

    @Option(name: .customLong("cards-per-batch"), help: "Cards each batch asks for (1-100)")
    var cardsPerBatch = 15

    @Option(name: .customLong("embedding-model"), help: "The server's embedding model, for duplicates by meaning")
    var embeddingModel: String?

    @Option(
        name: .customLong("api-key-env"), help: "The environment variable holding the server's key, if it needs one")
    var apiKeyEnv: String?

    @Option(name: .customLong("timeout"), help: "Seconds per request (1-3600); a small model on a CPU is slow")
    var timeoutSeconds = 900

    @Option(help: "A folder of prompt templates to use instead of the built-in ones (prompts/README.md)")
    var prompts: String?

    @Option(
        name: .customLong("structured-output"),
        help: "json_schema, json_object_schema, json_object or none (default json_schema)")
    var structuredOutput: String?

    @Option(
        name: .customLong("frequency-penalty"),
        help: "frequency_penalty sent with each request (-2...2; default: none sent)")
    var frequencyPenalty: Double?

    @Option(
        name: .customLong("fallback-retries"),
        help: "Times a batch whose reply gave no usable card is asked again before it falls back (0-5, default 1)")
    var fallbackRetries = 1

    mutating func validate() throws {
        guard (1...50).contains(batches) else { throw ValidationError("--batches must be in 1...50") }
        guard (1...100).contains(cardsPerBatch) else { throw ValidationError("--cards-per-batch must be in 1...100") }
        guard (0...5).contains(fallbackRetries) else { throw ValidationError("--fallback-retries must be in 0...5") }
        if let frequencyPenalty, !(-2...2).contains(frequencyPenalty) {
            throw ValidationError("--frequency-penalty must be in -2...2")
        }
        guard (1...3600).contains(timeoutSeconds) else { throw ValidationError("--timeout must be in 1...3600") }
    }
}
