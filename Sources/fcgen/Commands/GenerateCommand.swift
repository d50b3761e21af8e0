import ArgumentParser
import FCCommandLine
import FCContract
import FCCore
import FCGenerator
import FCPipeline
import FCSources
import Foundation
import Logging

/// `fcgen generate`: append batches of cards to a topic.
struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate batches of cards for a topic and store them.",
        discussion: """
            A new topic is outlined first (subtopics, each foundational to expert; see fcgen topic plan); each \
            batch takes the next step of the outline and lists the earlier questions nearest to it so the model does \
            not repeat them. --language makes the cards in that language, and the topic remembers it. --kinds picks \
            the card kinds asked for, and the topic remembers them too; cloze ({{c1::...}}) and mcq (multiple \
            choice) are read as such only when asked for.

            Examples:
              fcgen --topic "Roman history" --batches 3 --offline
              OPENAI_API_KEY=... fcgen --topic Photosynthesis --model gpt-4o-mini
              fcgen --topic Photosynthesis --base-url http://127.0.0.1:11434/v1
              fcgen --topic "Czech-English vocabulary" --language cs
              fcgen --topic "Roman history" --kinds question,cloze,mcq
              fcgen generate --topic Biology --from notes.md --offline
              fcgen generate --topic Biology --from - < notes.txt
              UNSPLASH_ACCESS_KEY=... fcgen --topic "Roman history" --images unsplash

            --from FILE makes the cards from your own material instead: plain text, Markdown, HTML (text only) or \
            PDF (through pdftotext from poppler-utils), split into sections (headings; PDF pages), --batches per \
            section; each card remembers its file, section and span (fcgen card show ID).

            --images unsplash gives a picture to each card whose model wrote an image search query (credited to \
            its photographer; fcgen card show ID); a search that fails leaves the card without one.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("The topic to generate cards for.", valueName: "name"))
    var topic: String

    @Option(help: ArgumentHelp("How many new batches to append (with --from: per section, 1-4).", valueName: "n"))
    var batches = 1

    @Option(
        help: ArgumentHelp(
            "Make the cards from this text, Markdown, HTML or PDF file (- reads standard input), section by section.",
            valueName: "file"))
    var from: String?

    @Option(
        help: ArgumentHelp(
            "With --from: the largest section, in characters (Unicode scalars), 500-100000 (default 6000).",
            valueName: "n"))
    var sectionChars: Int?

    @Flag(help: "Replay recorded responses (built into fcgen) instead of calling a model (no API key, no network).")
    var offline = false

    @Option(help: ArgumentHelp("LLM provider.", valueName: "openai|gemini|anthropic|fixture"))
    var provider: String?

    @Option(help: ArgumentHelp("Model name.", valueName: "name"))
    var model: String?

    @Option(
        help: ArgumentHelp("Provider endpoint, e.g. http://127.0.0.1:11434/v1 for a local server.", valueName: "url"))
    var baseURL: String?

    @Option(help: ArgumentHelp("Batches requested at once (default 4).", valueName: "n"))
    var concurrency: Int?

    @Option(help: ArgumentHelp("Cards asked for per batch (default 15).", valueName: "n"))
    var cardsPerBatch: Int?

    @Option(help: ArgumentHelp("Seconds to wait for one response (whole seconds).", valueName: "s"))
    var timeout: Int?

    @Option(
        help: ArgumentHelp(
            "Structured output mode to start with.", valueName: "json_schema|json_object_schema|json_object|none"))
    var structuredOutput: String?

    @Option(
        help: ArgumentHelp("Fixture folder for --offline (default: the replies built into fcgen).", valueName: "path"))
    var fixtures: String?

    @Option(
        help: ArgumentHelp("Prompt template folder (default ./prompts when present, else built in).", valueName: "path")
    )
    var prompts: String?

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Stream replies (openai, anthropic, gemini, fixture) and log each card as it is read; what is stored is "
                + "the same. Default: the stream setting, off."))
    var stream: Bool?

    @Option(
        help: ArgumentHelp(
            "Write the cards in this language (a BCP 47 tag such as de, cs or pt-BR); the topic remembers it for later "
                + "runs and refills.", valueName: "tag"))
    var language: String?

    @Option(
        help: ArgumentHelp(
            "The card kinds to ask for, comma-separated: question, definition, truefalse, fillblank, cloze, mcq"
                + "; the topic remembers them for later runs and refills (default: the topic's, else the card_kinds "
                + "setting, else the first four).", valueName: "list"))
    var kinds: String?

    @Option(
        help: ArgumentHelp(
            "Pictures for cards whose image search query asks for one: none (default: the image_resolver setting, "
                + "else none) or unsplash (key in UNSPLASH_ACCESS_KEY).", valueName: "none|unsplash"))
    var images: String?

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Review each batch before storing it: one more request per batch with flagged cards (with --from, every "
                + "batch) that rewrites or drops cards; see docs/quality.md. Default: the review setting, off."))
    var review: Bool?

    @Option(
        help: ArgumentHelp(
            "Times a batch whose reply gave no usable card is asked again before it falls back to templated cards "
                + "(0-5; default: the fallback_retries setting, 1).", valueName: "n"))
    var fallbackRetries: Int?

    @Flag(help: "Treat a batch that falls back to templated cards as an error (exit 65).")
    var strict = false

    @Flag(
        help: ArgumentHelp(
            "With --offline, for a topic the demo has no recorded replies for: store templated fallback cards anyway "
                + "(stored for inspection, never studied). Without it such a run is refused (exit 64) and names the "
                + "topics the demo knows."))
    var storeFallback = false

    @Option(
        help: ArgumentHelp(
            "Spend at most this many US dollars: stop (exit 3) before a request whose worst case would cross it.",
            discussion: "Needs the model's price in the config's prices. The worst case of a request is its prompt at "
                + "3 characters per token plus max_output_tokens; batches stored before the stop stay stored.",
            valueName: "usd"))
    var maxCost: Double?

    @Flag(help: "Only warnings and errors on stderr.")
    var quiet = false

    func validate() throws {
        try validateTopicName(topic, argument: "--topic")
        guard (1...1000).contains(batches) else { throw ValidationError("--batches must be between 1 and 1000") }
        if from != nil, batches > 4 {
            throw ValidationError("--batches with --from is per section: between 1 and 4 (one per depth level)")
        }
        if let sectionChars {
            guard from != nil else { throw ValidationError("--section-chars needs --from") }
            guard (500...100_000).contains(sectionChars) else {
                throw ValidationError("--section-chars must be between 500 and 100000")
            }
        }
        if from?.isEmpty == true { throw ValidationError("--from needs a file name, or - for standard input") }
        if let concurrency, !(1...64).contains(concurrency) {
            throw ValidationError("--concurrency must be between 1 and 64")
        }
        if let cardsPerBatch, !(1...100).contains(cardsPerBatch) {
            throw ValidationError("--cards-per-batch must be between 1 and 100")
        }
        if let fallbackRetries, !(0...5).contains(fallbackRetries) {
            throw ValidationError("--fallback-retries must be between 0 and 5")
        }
        if let timeout, !(1...3600).contains(timeout) { throw ValidationError("--timeout must be 1...3600 seconds") }
        if storeFallback, strict { throw ValidationError("--store-fallback contradicts --strict: choose one") }
        if offline, let provider, provider != "fixture" {
            throw ValidationError("--offline uses the fixture provider; drop --provider \(provider)")
        }
        if let language, let problem = LanguageTag.problem(with: language) {
            throw ValidationError("--language: \(problem)")
        }
        if let kinds, case .failure(let problem) = GeneratedKinds.parse(kinds) {
            throw ValidationError("--kinds: \(problem)")
        }
        if kinds != nil, from != nil {
            throw ValidationError("--kinds does not apply to --from: cards from a source are the standard kinds")
        }
        if let maxCost, !(maxCost > 0 && maxCost <= Money.largestBudget) {
            throw ValidationError("--max-cost must be greater than 0 and at most 1000000 (US dollars, e.g. 0.50)")
        }
        if let images, ImageResolverKind(rawValue: images) == nil {
            throw ValidationError("--images must be one of none, unsplash")
        }
        if let provider, !["openai", "gemini", "anthropic", "fixture"].contains(provider) {
            throw ValidationError("--provider must be one of openai, gemini, anthropic, fixture")
        }
    }

    func run() async throws {
        try await global.reportingErrors {
            var flags = ConfigLayer()
            flags.provider = offline ? "fixture" : provider
            flags.model = model
            flags.baseURL = baseURL
            flags.concurrency = concurrency
            flags.cardsPerBatch = cardsPerBatch
            flags.timeoutSeconds = timeout
            flags.structuredOutput = structuredOutput
            flags.fixturesDirectory = fixtures
            flags.promptsDirectory = prompts
            flags.stream = stream
            flags.cardKinds = kinds
            flags.imageResolver = images
            flags.review = review
            flags.fallbackRetries = fallbackRetries
            let (settings, _) = try global.loadSettings(flags: flags)
            let factory = PipelineFactory(
                settings: settings,
                environment: CommandIO.environment,
                workingDirectory: global.workingDirectory
            )
            // --json keeps stderr to warnings and errors too: the document on stdout is the progress report.
            let logger = global.logger(level: quiet || global.json ? .warning : .info)
            // The whole source is checked before anything is asked or stored: bad input stores nothing.
            var prepared: SourceDocument?
            if let from {
                prepared = try await SourceLoader.prepare(
                    from,
                    options: SourceOptions(
                        maxCharacters: sectionChars ?? SourceSplitter.defaultMaxCharacters,
                        maxBytes: settings.sourceMaxBytes,
                        searchPath: CommandIO.environment["PATH"] ?? "/usr/bin:/bin"))
            }
            let document = prepared
            if let document {
                logger.info(
                    "[\(topic)] source \(document.name): \(document.format.rawValue), \(Plural.count(document.sectionCount, "section"))"
                )
                if document.replacedSequences > 0 {
                    logger.warning(
                        "\(document.name): \(Plural.count(document.replacedSequences, "invalid UTF-8 sequence")) read as U+FFFD"
                    )
                }
            }
            var options = factory.generationOptions(strict: strict, language: language.flatMap { LanguageTag($0) })
            // Asked for by name, the kinds win over the topic's remembered ones and are remembered in their place.
            options.askedKinds = kinds.flatMap { try? GeneratedKinds.parse($0).get() }
            // Refused before the first request (and before the database is touched) when the model has no price.
            options.budget = try maxCost.map { try factory.runBudget(maxCost: $0) }
            // An offline topic without recorded replies would be fallback cards only: said before anything is stored.
            if document == nil, !storeFallback { try factory.checkOfflineRecording(topic: topic) }
            let report = try await HTTPClientTransport.withTransport(
                maxConnectionsPerHost: settings.concurrency
            ) { transport in
                let pipeline = try await factory.makePipeline(
                    transport: transport,
                    clock: ContinuousClock(),
                    random: RandomSource(seed: UInt64.random(in: .min ... .max)),
                    now: CommandIO.now,
                    events: { logger.log($0) }
                )
                let summaries =
                    if let document {
                        try await pipeline.generate(
                            topic: topic, from: document, batchesPerSection: batches, options: options)
                    } else {
                        try await pipeline.generate(topic: topic, batches: batches, options: options)
                    }
                var report = GenerationReport(
                    topic: topic,
                    database: settings.databasePath,
                    provider: pipeline.provider.name,
                    model: pipeline.provider.model,
                    batches: summaries
                )
                report.source = document?.summary
                if options.review { report.review = ReviewTotals(summaries) }
                return report
            }
            if global.json {
                try Console.json(report)
            } else {
                Console.out(GenerationSummaryView(report: report).render())
            }
        }
    }
}
