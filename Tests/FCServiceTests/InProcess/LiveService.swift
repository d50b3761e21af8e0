import FCCore
import FCGenerator
import FCPipeline
import FCService
import FCTestSupport
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// The service of a ``ServiceUnderTest`` running in this process on a real loopback socket, with what `fcgen serve`
/// runs beside it (the generation runner, the refill worker), called over HTTP as ``RunningServer`` calls the
/// process. For what needs a socket: event streams read as they arrive, the client's address.
struct LiveServer: LoopbackEndpoint {
    /// `http://127.0.0.1:PORT`.
    let base: String
    /// The instance's generations: for a test that waits on its listener (``GenerationRegistry/waitUntilListening()``).
    var generations: GenerationRegistry? = nil
}

/// Where a live test's generations and refills get their cards.
enum TestProvider: Sendable {
    /// The fixture provider (recorded replies), as `fcgen serve --offline`.
    case offline
    /// The settings of the fixture folder's config file (``ServiceUnderTest/useStubProvider(_:extra:)``), as
    /// `fcgen serve` without `--offline`.
    case configured
}

extension ServiceUnderTest {
    /// Runs `body` against the service listening on a port of its own, with the generation runner `fcgen serve`
    /// assembles (``BackgroundWork``: the same pipeline, budgets and offline check) and, when
    /// `workers` is above 0, the in-process refill worker (`--workers N --refill-interval S`). The services stop in
    /// `fcgen serve`'s order once `body` returns. Without `runsGenerations` it runs no generation runner: an
    /// instance that queues them for another on the same database (`fcgen serve --no-generations`).
    func serveLive<T: Sendable>(
        provider: TestProvider = .offline, workers: Int = 0, refillInterval: Duration = .seconds(30),
        runsGenerations: Bool = true,
        logger: Logger = Self.quietLogger, _ body: @escaping @Sendable (LiveServer) async throws -> T
    ) async throws -> T {
        let (listening, port) = AsyncStream.makeStream(of: Int.self)
        let built = built(logger: logger) { bound in
            port.yield(bound)
            port.finish()
        }
        let settings = try pipelineSettings(provider)
        return try await HTTPClientTransport.withTransport(maxConnectionsPerHost: 8) { transport in
            var services: [any Service] = [
                built.application,
                GenerationListener(registry: built.environment.generations, logger: Self.quietLogger),
            ]
            if runsGenerations {
                services.append(try generationRunner(settings, environment: built.environment, transport: transport))
            } else {
                // As `fcgen serve --no-generations`: queued with the same checks, run by another instance.
                BackgroundWork.generationQueue(
                    factory: PipelineFactory(settings: settings, environment: [:], workingDirectory: directory),
                    environment: built.environment)
            }
            if workers > 0 {
                services.append(
                    RefillService(
                        worker: try await refillWorker(provider, concurrency: workers, transport: transport),
                        interval: refillInterval))
            }
            let group = ServiceGroup(
                configuration: ServiceGroupConfiguration(
                    services: services, gracefulShutdownSignals: [], logger: Self.quietLogger))
            return try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask {
                    // A group that ends before it listens (a bind error) ends the wait for the port too.
                    defer { port.finish() }
                    try await group.run()
                }
                do {
                    guard let bound = await listening.first(where: { _ in true }) else {
                        try await tasks.waitForAll()  // the group's error: why it never listened
                        throw CancellationError()
                    }
                    let value = try await body(
                        LiveServer(base: "http://127.0.0.1:\(bound)", generations: built.environment.generations))
                    await group.triggerGracefulShutdown()
                    try await tasks.waitForAll()
                    return value
                } catch {
                    await group.triggerGracefulShutdown()
                    throw error
                }
            }
        }
    }

    /// Writes the fixture's config file: an OpenAI-compatible provider at `baseURL` on loopback (no key for a local
    /// base URL), one batch at a time, no outline request, no retries, ``TestPatience`` as the request timeout;
    /// `extra` adds members (JSON text without braces, e.g. `"daily_budget": 5`). ``TestProvider/configured`` reads
    /// it.
    func useStubProvider(_ baseURL: URL, extra: String = "") throws {
        let settings = """
            {"provider": "openai", "base_url": "\(baseURL.absoluteString)", "concurrency": 1,
             "timeout_s": \(TestPatience.seconds),
             "topic_outline": false, "retries": 0\(extra.isEmpty ? "" : ", " + extra)}
            """
        try Data(settings.utf8).write(to: configFile)
    }

    private var configFile: URL { directory.appendingPathComponent("config.json") }

    /// The settings `fcgen serve --db DB [--offline]` loads (flags, then the config file), without the process's
    /// environment.
    func pipelineSettings(_ provider: TestProvider, concurrency: Int? = nil) throws -> Settings {
        var flags = ConfigLayer()
        flags.database = database.path
        if case .offline = provider { flags.provider = "fixture" }
        flags.concurrency = concurrency
        let exists = FileManager.default.fileExists(atPath: configFile.path)
        return try SettingsLoader(environment: ["HOME": directory.path], workingDirectory: directory)
            .load(flags: flags, configPath: provider == .configured && exists ? configFile.path : nil).settings
    }

    /// The runner `fcgen serve` assembles (``BackgroundWork``), on the service's store, seeded.
    private func generationRunner(
        _ settings: Settings, environment: ServiceEnvironment, transport: HTTPClientTransport
    ) throws -> GenerationRunner {
        try BackgroundWork.generationRunner(
            factory: PipelineFactory(settings: settings, environment: [:], workingDirectory: directory), store: store,
            environment: environment, transport: transport, random: RandomSource(seed: 7), logger: Self.quietLogger)
    }

    /// The worker `fcgen serve --workers N` assembles (``BackgroundWork``), seeded.
    private func refillWorker(
        _ provider: TestProvider, concurrency: Int, transport: HTTPClientTransport
    ) async throws -> RefillWorker {
        let settings = try pipelineSettings(provider, concurrency: concurrency)
        return try await BackgroundWork.refillWorker(
            factory: PipelineFactory(settings: settings, environment: [:], workingDirectory: directory),
            workerID: "test:serve", transport: transport, random: RandomSource(seed: 11), logger: Self.quietLogger,
            events: { _ in })
    }
}
