import FCCore

/// Everything that can go wrong in FCPipeline, with the context a user needs to fix it.
///
/// Descriptions never contain API keys or card text.
public enum PipelineError: Error, Sendable, CustomStringConvertible {
    /// A configuration file could not be read or holds a bad value.
    case config(file: String, key: String?, problem: String)
    /// An environment variable holds a bad value.
    case environment(variable: String, problem: String)
    /// A setting is missing or contradicts another.
    case setting(String)
    /// An offline run (the fixture provider) was asked for a topic it has no recorded replies for, and nobody asked
    /// to store templated fallback cards: `known` are the topics it has replies for.
    case noOfflineRecording(topic: String, known: [String])
    /// An offline refill (the fixture provider) reached a batch the recordings do not hold: it would be templated
    /// fallback cards, which never count as stock, so refilling with them would never end.
    case noOfflineReply(topic: String, batch: Int)
    /// The provider needs an API key and the environment variable that should hold it is empty.
    case missingAPIKey(provider: String, variable: String)
    /// `--images unsplash` (or `image_resolver`) is set and the access key's environment variable is empty.
    case missingImageKey(resolver: String, variable: String)
    /// `--strict` is on and a batch fell back to templated cards.
    case fallbackRefused(topic: String, batch: Int)
    /// A batch failed; batches before it were stored.
    case batchFailed(topic: String, batch: Int, storedBefore: Int, underlying: any Error & Sendable)
    /// An input file could not be used.
    case input(file: String, problem: String)
    /// A study request cannot be carried out (a bad time zone, a review dated in the past, …).
    case study(String)
    /// A review or answer is dated after now (beyond the clock-skew allowance) or before its card existed: a usage
    /// error naming the input and the allowed range (``EventTime``).
    case eventTime(EventTimeViolation)
    /// An import found bad rows and stored nothing (all-or-nothing); `problems` are the first few, as
    /// `file:line:column: message`, out of `total`.
    case importRefused(file: String, problems: [String], total: Int)
    /// No topic has this name (ignoring case).
    case topicNotFound(name: String)
    /// Mystery boxes the learner does not have (ids as given, in order).
    case boxNotFound(ids: [String])
    /// An import found no good row: the file is empty, holds only a header, or (with `--skip-bad`) every row is
    /// bad; nothing was stored. `problems` as for ``importRefused(file:problems:total:)``.
    case importEmpty(file: String, problems: [String], total: Int)
    /// A budget applies (`--max-cost`, a daily budget) and the model has no price in the config's `prices`.
    case priceMissing(model: String)

    public var description: String {
        switch self {
        case .config(let file, let key?, let problem): "\(file): key \"\(key)\": \(problem)"
        case .config(let file, nil, let problem): "\(file): \(problem)"
        case .environment(let variable, let problem): "environment variable \(variable): \(problem)"
        case .setting(let problem): problem
        case .noOfflineReply(let topic, let batch):
            "the offline demo has no recorded reply for batch \(batch) of \"\(topic)\" (its recordings end before it); "
                + "an offline refill stores nothing rather than templated fallback cards"
        case .noOfflineRecording(let topic, let known):
            "the offline demo has no recorded replies for \"\(topic)\"; "
                + (known.isEmpty
                    ? "its fixtures folder has none for any topic"
                    : "it knows " + known.map { "\"\($0)\"" }.joined(separator: ", "))
                + ". Offline, --from FILE makes cards from any notes (fcgen generate --topic T --from notes.md "
                + "--offline); --store-fallback stores templated fallback cards anyway (never studied); nothing was "
                + "stored"
        case .missingAPIKey(let provider, let variable):
            "\(variable) is not set: provider \(provider) needs an API key in that environment variable "
                + "(or use --offline for the fixture demo, or --base-url for a local OpenAI-compatible server)"
        case .missingImageKey(let resolver, let variable):
            "\(variable) is not set: --images \(resolver) needs an access key in that environment variable "
                + "(or use --images none for cards without pictures); nothing was sent"
        case .fallbackRefused(let topic, let batch):
            "topic \"\(topic)\", batch \(batch): nothing usable in the model's reply and --strict refuses "
                + "templated fallback cards; nothing was stored for this batch"
        case .batchFailed(let topic, let batch, let storedBefore, let underlying):
            "topic \"\(topic)\", batch \(batch): \(underlying)"
                + (storedBefore > 0
                    ? " (\(Plural.count(storedBefore, "earlier batch")) of this run \(storedBefore == 1 ? "was" : "were") stored)"
                    : "")
        case .input(let file, let problem): "\(file): \(problem)"
        case .study(let problem): problem
        case .eventTime(let violation): violation.description
        case .importRefused(let file, let problems, let total):
            "\(file): \(Plural.count(total, "bad row")); nothing was imported (--skip-bad stores the good rows)\n  "
                + problems.joined(separator: "\n  ")
                + (total > problems.count ? "\n  … and \(total - problems.count) more" : "")
        case .topicNotFound(let name): "no topic named \"\(name)\" (see: fcgen topics)"
        case .boxNotFound(let ids):
            "no mystery \(Plural.noun(ids.count, "box")) \(ids.joined(separator: ", ")) (see: fcgen boxes)"
        case .importEmpty(let file, _, 0):
            "\(file): no cards to import: the file is empty or holds only a header line; nothing was imported"
        case .priceMissing(let model):
            "no price for model \"\(model)\", and a budget needs one: add it to \"prices\" in the config file, e.g. "
                + "\"prices\": {\"\(model)\": {\"input_per_million\": 0.15, \"output_per_million\": 0.6}} (US dollars per "
                + "million tokens)"
        case .importEmpty(let file, let problems, let total):
            "\(file): no good rows to import: " + (total == 1 ? "the row is bad" : "all \(total) rows are bad")
                + "; nothing was imported\n  "
                + problems.joined(separator: "\n  ")
                + (total > problems.count ? "\n  … and \(total - problems.count) more" : "")
        }
    }
}
