import ArgumentParser
import FCCommandLine
import FCContract
import FCCore
import FCGenerator
import FCPipeline
import Foundation
import Logging
import ServiceLifecycle

/// `fcgen-worker`: runs refill jobs so every subscribed topic stays stocked with cards.
@main
struct FCGenWorker: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fcgen-worker",
        abstract: "Run refill jobs and queued generations: keep every subscribed topic stocked with fresh cards.",
        discussion: """
            A topic subscribes with: fcgen topic add NAME --refill-below 20 --batch-size 15. Each round enqueues a \
            job for every topic below its threshold, then runs due jobs, --concurrency at a time. Several workers \
            may share one database.

            With --interval it also runs the generations fcgen serve queued (POST /v1/topics/{id}/generations), \
            --generations at a time, under the same leases as serve's runners: woken by the database's \
            notifications on PostgreSQL, looking every 5s on SQLite. --no-generations runs refills only; --once \
            never runs generations.

            Examples:
              fcgen-worker --once --offline            # one round with the fixture provider (cron, systemd timer)
              fcgen-worker --interval 10m --concurrency 8
              fcgen-worker --interval 10m --no-generations  # refills only

            Exit codes (--once; the same table as fcgen's): 0 every job succeeded (or nothing was due, or a daily \
            budget left jobs for tomorrow), 1 a job is \
            dead (see fcgen jobs --status dead), 64 usage, 65 bad config, 69 LLM provider unreachable, 75 something \
            will be retried or the database stayed locked. SIGINT/SIGTERM stop gracefully (exit 0); a second signal \
            stops at once, in-flight jobs released (exit 130/143). A generation's batches in flight at SIGTERM are \
            stored (within --grace) and it fails cancelled; a queued one stays queued.
            """,
        version: "0.1.0"
    )

    @Flag(help: "Run one round and exit (for cron and systemd timers).")
    var once = false

    @Option(help: ArgumentHelp("Run a round every interval until stopped, e.g. 30s, 10m, 1h.", valueName: "duration"))
    var interval: DurationArgument?

    @Option(help: ArgumentHelp("Jobs in flight at once (default: the concurrency setting, 4).", valueName: "n"))
    var concurrency: Int?

    @Option(
        help: ArgumentHelp(
            "Generations (queued by fcgen serve) run at once with --interval; more wait (1…16).", valueName: "n"))
    var generations = 2

    @Flag(help: "Run no generations here, refill jobs only (as fcgen serve --no-generations runs none).")
    var noGenerations = false

    @Option(
        help: ArgumentHelp(
            "How long a runner's lease on a generation lasts (renewed every third of it): how long after this worker "
                + "dies another process takes its generation over (5s…1h).", valueName: "duration"))
    var generationLease = DurationArgument(seconds: 60, text: "60s")

    @Flag(help: "Use the fixture provider (recorded replies) instead of calling a model.")
    var offline = false

    @Option(
        help: ArgumentHelp(
            "SQLite database file or postgres:// URL.",
            discussion: "Default: $FCGEN_DB, else $XDG_DATA_HOME/fcgen/fcgen.sqlite.", valueName: "path-or-url"))
    var db: String?

    @Option(help: ArgumentHelp("Config file (JSON).", valueName: "path"))
    var config: String?

    @Option(
        help: ArgumentHelp(
            "How long a claim holds a job before another worker may take it over.", valueName: "duration"))
    var lease = DurationArgument(seconds: 300, text: "5m")

    @Option(help: ArgumentHelp("On SIGINT/SIGTERM, how long in-flight jobs may take to finish.", valueName: "duration"))
    var grace = DurationArgument(seconds: 30, text: "30s")

    @Option(help: ArgumentHelp("Attempts a new job gets before it is dead.", valueName: "n"))
    var maxAttempts = 5

    @Flag(
        help: ArgumentHelp(
            "Keep a round going as jobs finish, until no topic is due: each topic gets every batch it needs at once.",
            discussion: "Without it a round gives each due topic one batch; with it, freed slots take the next job "
                + "straight away (fcgen-bench worker: 1.015 × ideal wall time instead of 1.13 ×)."))
    var topUp = false

    @Option(
        help: ArgumentHelp(
            "Spend at most this many US dollars per UTC day on all jobs (default: the daily_budget setting).",
            discussion: "A job whose request could cross it (or its topic's own daily budget) is skipped and left "
                + "queued until the next UTC day; the worker then claims nothing more that day.",
            valueName: "usd"))
    var dailyBudget: Double?

    @Option(help: ArgumentHelp("Log lines on stderr as text or JSON lines.", valueName: "text|json"))
    var logFormat: LogFormat = .text

    @Option(help: ArgumentHelp("Lease owner name (default host:pid); must be unique per worker.", valueName: "id"))
    var workerID: String?

    @Option(help: ArgumentHelp("LLM provider.", valueName: "openai|gemini|anthropic|fixture"))
    var provider: String?

    @Option(help: ArgumentHelp("Model name.", valueName: "name"))
    var model: String?

    @Option(help: ArgumentHelp("Provider endpoint, e.g. http://127.0.0.1:11434/v1.", valueName: "url"))
    var baseURL: String?

    @Option(
        help: ArgumentHelp(
            "Fixture folder for --offline (default: the replies built into fcgen-worker).", valueName: "path"))
    var fixtures: String?

    func validate() throws {
        guard once != (interval != nil) else { throw ValidationError("give exactly one of --once or --interval") }
        if let interval, interval.seconds < 1 { throw ValidationError("--interval must be at least 1s") }
        if let concurrency, !(1...64).contains(concurrency) {
            throw ValidationError("--concurrency must be between 1 and 64")
        }
        guard (1...16).contains(generations) else { throw ValidationError("--generations must be between 1 and 16") }
        guard (5...3_600).contains(generationLease.seconds) else {
            throw ValidationError("--generation-lease must be between 5s and 1h")
        }
        guard lease.seconds >= 1 else { throw ValidationError("--lease must be at least 1s") }
        guard (1...100).contains(maxAttempts) else { throw ValidationError("--max-attempts must be 1...100") }
        if let dailyBudget, !(dailyBudget > 0 && dailyBudget <= Money.largestBudget) {
            throw ValidationError("--daily-budget must be greater than 0 and at most 1000000 (US dollars, e.g. 5)")
        }
        if offline, let provider, provider != "fixture" {
            throw ValidationError("--offline uses the fixture provider; drop --provider \(provider)")
        }
    }

    func run() async throws {
        // The process's one HTTP client; its pool is sized generously because the worker caps its own concurrency.
        // It is shut down after the service group has stopped, so no job is left holding it.
        try await HTTPClientTransport.withTransport(maxConnectionsPerHost: 64) { transport in
            try await run(transport: transport)
        }
    }

    private func run(transport: HTTPClientTransport) async throws {
        // The daemon's text lines carry the time; cron and journald logs are read long after.
        let logger = logFormat.logger(label: "fcgen-worker", timestamps: true)
        // The libraries' loggers follow --log-format in the worker's own process; a round run in a caller's world
        // (the test suite's) leaves that process's logging as it is.
        if CommandIO.isProcessWorld { logFormat.bootstrapOnce(timestamps: true) }
        let refill: RefillService
        let generationServices: [any Service]
        do {
            let parts = try await makeWorker(logger: logger, transport: transport)
            refill = RefillService(worker: parts.worker, schedule: interval.map { .every($0.duration) } ?? .once)
            // A daemon runs the generations `fcgen serve` queued, unless told not to; a `--once` round never does.
            generationServices =
                interval == nil || noGenerations ? [] : makeGenerationServices(parts, logger: logger)
        } catch {
            logger.error("\(error)")
            throw ExitStatus(for: error).exitCode
        }
        let group = WorkerServices(logger: logger, grace: grace, trapsSignals: CommandIO.isProcessWorld)
            .group(running: refill, beside: generationServices)
        do {
            try await group.run()
        } catch let signal as SecondSignal {
            throw ExitCode(signal.exitStatus)
        } catch {
            logger.error("\(error)")
            throw ExitStatus(for: error).exitCode
        }
        if refill.wasStopped {
            logger.notice("stopped", metadata: ["event": "stopped"])
            return
        }
        if let round = refill.finishedRound {
            let status = ExitStatus(for: round.outcome)
            if status != .success { throw status.exitCode }
        }
    }

    private func makeWorker(logger: Logger, transport: HTTPClientTransport) async throws -> WorkerParts {
        var flags = ConfigLayer()
        flags.database = db
        flags.provider = offline ? "fixture" : provider
        flags.model = model
        flags.baseURL = baseURL
        flags.concurrency = concurrency
        flags.fixturesDirectory = fixtures
        flags.dailyBudget = dailyBudget
        let environment = CommandIO.environment
        let workingDirectory = URL(fileURLWithPath: CommandIO.workingDirectory, isDirectory: true)
        let (settings, _) = try SettingsLoader(environment: environment, workingDirectory: workingDirectory)
            .load(flags: flags, configPath: config)
        let factory = PipelineFactory(settings: settings, environment: environment, workingDirectory: workingDirectory)
        let random = RandomSource(seed: UInt64.random(in: .min ... .max))
        // One provider per process: every job shares its rate limiter and Retry-After pauses.
        let pipeline = try await factory.makePipeline(
            transport: transport, clock: ContinuousClock(), random: random, now: .system,
            events: { event in
                if case .generator(let generatorEvent) = event { logger.log(generatorEvent) }
            })
        var options = RefillOptions(
            workerID: workerID ?? "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier)",
            concurrency: settings.concurrency,
            lease: lease.duration,
            maxAttempts: maxAttempts,
            defaultBatchSize: settings.cardsPerBatch,
            avoidListLimit: settings.avoidListLimit,
            topUp: topUp,
            dailyBudget: settings.dailyBudget)
        options.cardKinds = settings.cardKinds
        options.review = settings.review
        options.fallbackRetries = settings.effectiveFallbackRetries
        if settings.dailyBudget != nil, settings.prices.price(for: settings.model) == nil {
            throw PipelineError.priceMissing(model: settings.model)
        }
        let worker = RefillWorker(
            pipeline: pipeline, options: options, clock: ContinuousClock(), random: random,
            events: { logger.log($0) })
        return WorkerParts(worker: worker, pipeline: pipeline, factory: factory)
    }
}
