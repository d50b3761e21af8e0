import ArgumentParser
import FCCommandLine
import FCCore
import FCGenerator
import FCPipeline
import FCService
import Foundation
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// `fcgen serve`: the HTTP API (docs/api.md) on Hummingbird, under a ServiceLifecycle service group.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the HTTP API: topics, the feed, reviews and the profile for apps (docs/api.md).",
        discussion: """
            Prints "listening on http://HOST:PORT" to stderr once it accepts connections (with --port 0 the port \
            the system picked). Apps and scripts need a bearer token: fcgen token create --user NAME [--admin]; \
            learners sign up in the web app (--signup, fcgen invite create). One log line \
            per request goes to stderr, as text or (--log-format json) JSON like every other line. SIGINT/SIGTERM stop accepting, let in-flight requests finish and \
            exit 0.
              fcgen serve --port 8080 --db /var/lib/fcgen/fcgen.sqlite
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "host"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port; 0 picks a free one.", valueName: "port"))
    var port = 8080

    @Option(help: ArgumentHelp("The largest request body, in bytes (default 1 MiB).", valueName: "bytes"))
    var maxBody = 1 << 20

    @Option(help: ArgumentHelp("Requests a token may make at once before the rate limit.", valueName: "n"))
    var rateBurst = 120.0

    @Option(help: ArgumentHelp("Requests per second a token's budget refills by.", valueName: "n"))
    var rateLimit = 20.0

    @Option(
        help: ArgumentHelp(
            "Failed sign-ins (wrong tokens, passwords, invite codes) a client address may make at once before it is refused.",
            valueName: "n"))
    var authFailBurst = 20.0

    @Option(help: ArgumentHelp("Failed sign-ins per second an address's budget refills by.", valueName: "n"))
    var authFailRate = 1.0

    @Option(
        help: ArgumentHelp(
            "Who may make an account in the web app: open (anyone), invite (fcgen invite create; the default), closed.",
            valueName: "mode"),
        transform: enumArgument)
    var signup = SignUpMode.invite

    @Option(
        help: ArgumentHelp(
            "Where learners reach this server, such as https://cards.example.org behind a TLS proxy: https makes the session cookie Secure.",
            valueName: "url"))
    var publicURL: String?

    @Flag(
        help:
            "Generations and the in-process refill worker use the fixture provider (recorded replies) instead of a model."
    )
    var offline = false

    @Option(
        help: ArgumentHelp("Refill jobs run in this process at once; 0 leaves them to fcgen-worker.", valueName: "n"))
    var workers = 0

    @Option(help: ArgumentHelp("Seconds between the in-process worker's rounds.", valueName: "seconds"))
    var refillInterval = 30

    @Option(
        help: ArgumentHelp("Generations (POST /v1/topics/{id}/generations) run at once; more wait.", valueName: "n"))
    var generations = 2

    @Flag(
        help: ArgumentHelp(
            "Run no generations here: an API-only instance; generation requests are queued for another instance to run."
        ))
    var noGenerations = false

    @Option(
        help: ArgumentHelp(
            "Seconds a runner's lease on a generation lasts (renewed every third of it): how long after an instance dies "
                + "another takes its generation over (5…3600).", valueName: "seconds"))
    var generationLease = 60

    @Option(
        name: .customLong("sse-keepalive"),
        help: ArgumentHelp(
            "Seconds a generation's event stream may stay quiet before a keep-alive comment is sent (1…300).",
            valueName: "seconds"))
    var sseKeepAlive = 15

    @Option(
        help: ArgumentHelp(
            "Who push services may contact about this server's reminders: a mailto: or https: URL (VAPID's subject).",
            valueName: "url"))
    var vapidSubject: String?

    @Option(
        help: ArgumentHelp(
            "KaTeX's folder, served to the web app for maths (an empty value turns it off).", valueName: "path"))
    var katexDir = WebAppSettings.debianKatexDirectory

    @Option(
        help: ArgumentHelp(
            "Seconds a request's head may take once its first byte arrived (1…300); slower is 408.",
            valueName: "seconds"))
    var headerTimeout = 10

    @Option(
        help: ArgumentHelp(
            "Seconds a keep-alive connection may wait for its next request before it is closed (1…3600).",
            valueName: "seconds"))
    var idleTimeout = 60

    @Option(
        help: ArgumentHelp(
            "Connections open at once (1…100000); one more is answered 503 and closed.", valueName: "n"))
    var maxConnections = 512

    @Option(
        help: ArgumentHelp(
            "Generation event streams open at once (1…10000); one more is answered 503.", valueName: "n"))
    var maxStreams = 128

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port: expected 0…65535, got \(port)") }
        guard (1...(1 << 30)).contains(maxBody) else {
            throw ValidationError("--max-body: expected 1…1073741824 bytes, got \(maxBody)")
        }
        guard (1...300).contains(headerTimeout) else {
            throw ValidationError("--header-timeout must be between 1 and 300 seconds")
        }
        guard (1...3600).contains(idleTimeout) else {
            throw ValidationError("--idle-timeout must be between 1 and 3600 seconds")
        }
        guard (1...100_000).contains(maxConnections) else {
            throw ValidationError("--max-connections must be between 1 and 100000")
        }
        guard (1...10_000).contains(maxStreams) else {
            throw ValidationError("--max-streams must be between 1 and 10000")
        }
        guard (0...64).contains(workers) else { throw ValidationError("--workers must be between 0 and 64") }
        guard (1...16).contains(generations) else { throw ValidationError("--generations must be between 1 and 16") }
        guard (5...3_600).contains(generationLease) else {
            throw ValidationError("--generation-lease must be between 5 and 3600 seconds")
        }
        guard (1...300).contains(sseKeepAlive) else {
            throw ValidationError("--sse-keepalive must be between 1 and 300 seconds")
        }
        guard (1...86_400).contains(refillInterval) else {
            throw ValidationError("--refill-interval must be between 1 and 86400 seconds")
        }
        guard (1...1_000_000).contains(rateBurst), rateLimit > 0, rateLimit <= 1_000_000 else {
            throw ValidationError("--rate-burst must be 1…1000000 and --rate-limit more than 0, at most 1000000")
        }
        if let publicURL, PublicURL(publicURL) == nil {
            throw ValidationError(
                "--public-url: expected an http or https URL such as https://cards.example.org, got \"\(publicURL)\"")
        }
        if let vapidSubject, !PushSettings.isValidSubject(vapidSubject) {
            throw ValidationError(
                "--vapid-subject: expected a mailto: or https: URL such as mailto:ops@example.org, got \"\(vapidSubject)\""
            )
        }
        guard authFailBurst >= 1, authFailRate > 0, authFailBurst.isFinite, authFailRate.isFinite else {
            throw ValidationError("--auth-fail-burst must be at least 1 and --auth-fail-rate positive")
        }
    }

    func run() async throws {
        try await global.reportingErrors {
            let store = try await global.openOrCreateStore()
            var settings = ServiceSettings(
                host: host, port: port, maxBodyBytes: maxBody,
                rateLimit: RateLimit(burst: rateBurst, perSecond: rateLimit))
            settings.signInFailureLimit = RateLimit(burst: authFailBurst, perSecond: authFailRate)
            settings.signUp = signup
            settings.publicURL = publicURL.flatMap(PublicURL.init)
            settings.push.subject = vapidSubject
            settings.sseKeepAlive = .seconds(sseKeepAlive)
            settings.headerTimeout = .seconds(headerTimeout)
            settings.idleTimeout = .seconds(idleTimeout)
            settings.maxConnections = maxConnections
            settings.maxEventStreams = maxStreams
            settings.imageMaxBytes = try global.loadSettings().settings.imageMaxBytes
            settings.webApp = WebAppSettings(katexDirectory: katexDir.isEmpty ? nil : katexDir)
            // The executable is where randomness enters: the libraries only draw from the source they are given.
            var configuration = ServiceConfiguration(
                settings: settings, gamificationSeed: UInt64.random(in: 0...UInt64.max),
                shuffleSeed: UInt64.random(in: 0...UInt64.max))
            configuration.generationLimits = GenerationLimits(
                running: generations, lease: .seconds(generationLease))
            // Request lines follow --log-format as every other line does: a log shipper asks for JSON.
            let requestLogger = global.logger()
            let logger = global.logger()
            let host = host
            let built = buildApplication(configuration, store: store, logger: requestLogger) { port in
                FileHandle.standardError.write(Data("listening on http://\(host):\(port)\n".utf8))
            }
            let (environment, application) = (built.environment, built.application)
            // The process's one HTTP client, shut down after the group has stopped (no job left holding it).
            try await HTTPClientTransport.withTransport(maxConnectionsPerHost: 64) { transport in
                // The listener wakes this instance's event streams and runner when another instance (or a worker)
                // changes a generation (PostgreSQL LISTEN/NOTIFY); on SQLite it only waits for the shutdown.
                var services: [any Service] = [
                    application, GenerationListener(registry: environment.generations, logger: logger),
                ]
                // After the application: a group stops its services in reverse, so generations wind down (and
                // their event streams end) while the server still answers.
                if noGenerations {
                    // Queued here, run by another instance on the same database.
                    InProcessGeneration.queueOnly(
                        global: global, offline: offline, environment: environment, logger: logger)
                } else if let runner = InProcessGeneration.runner(
                    global: global, offline: offline, store: store, environment: environment, transport: transport,
                    logger: logger)
                {
                    services.append(runner)
                }
                if workers > 0 {
                    let worker = try await InProcessRefill.make(
                        global: global, offline: offline, concurrency: workers, transport: transport, logger: logger)
                    services.append(RefillService(worker: worker, interval: .seconds(refillInterval)))
                }
                // Daily reminders by Web Push, woken each minute, on AsyncHTTPClient's shared client.
                services.append(
                    try await ReminderService.make(
                        environment: environment, clock: ContinuousClock(), logger: logger))
                let group = ServiceGroup(
                    configuration: ServiceGroupConfiguration(
                        services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
                do {
                    try await group.run()
                } catch let error as IOError where error.errnoCode == EADDRINUSE {
                    // NIO says only "bind(descriptor:ptr:bytes:): Address already in use (errno: 98)".
                    throw PipelineError.setting(
                        "--port: \(host):\(port) is already in use; choose another port with --port (0 picks a free one)"
                    )
                }
            }
            logger.info("stopped", metadata: ["event": "server_stopped"])
        }
    }
}
