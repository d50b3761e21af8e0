import FCCore
import FCPipeline
import FCStore
import Foundation

/// `fcgen serve` under load from a second process on loopback: wrk (Debian's `wrk`) at 64 connections against the
/// feed (`GET /v1/topics/{id}/feed`) and reviews (`POST /v1/reviews`, each with its own `Idempotency-Key`), on a
/// store seeded with 1,000 learners (a token each) and 100,000 cards in 100 topics (every other one of each topic's
/// first 10, the cards a feed shows first, with a picture, so the feed reads pictures). The load generator shares the
/// machine's cores with the server, as the targets assume.
///
/// Each HTTP figure is reported beside the same work done in this process straight on the store from the same
/// seeded database (`in_process`), so the HTTP layer's cost reads as a ratio. Set `FCGEN_BENCH_POSTGRES_URL` to a
/// PostgreSQL URL (`postgres://user@host:port/any`, the server is what counts) to run the same load against a fresh database
/// there too. The `fcgen` binary must sit next to `fcgen-bench` (`swift build -c release` builds both). With
/// `--instances N`, PostgreSQL's load also runs against 2 … N `fcgen serve` processes on the one database
/// (``ServeInstances``).
enum ServeBenchmark {
    static let name = "serve"
    static let learners = 1_000
    static let topics = 100
    static let cardsPerTopic = 1_000
    static let connections = 64
    static let seconds = 10

    static let benchmark = Benchmark(
        name: name,
        summary: "fcgen serve under wrk, 64 connections: feed GET and review POST ≥ 5k req/s, p99 ≤ 50 ms, RSS ≤ 200 MB"
    ) {
        let wrk = try ServeLoad.wrkPath()
        let fcgen = try ServeLoad.fcgenPath()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-bench-serve-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var engines: [(label: String, database: String)] = [
            ("sqlite", directory.appendingPathComponent("serve.sqlite").path)
        ]
        if let server = BenchOptions.postgresURL {
            await engines.append(("postgres", try ServeSeed.createPostgresDatabase(on: server)))
        } else {
            progress("\(name): neither --postgres nor \(BenchOptions.postgresVariable) is set: SQLite only")
        }
        for engine in engines {
            try await run(engine.label, database: engine.database, fcgen: fcgen, wrk: wrk, directory: directory)
        }
    }

    private static func run(_ engine: String, database: String, fcgen: String, wrk: String, directory: URL)
        async throws
    {
        progress("\(name) [\(engine)]: seeding \(learners) learners and \(topics * cardsPerTopic) cards")
        let seed = try await ServeSeed.make(
            database: database, learners: learners, topics: topics, cards: cardsPerTopic)
        let tokens = directory.appendingPathComponent("tokens-\(engine).txt")
        try seed.tokens.joined(separator: "\n").write(to: tokens, atomically: true, encoding: .utf8)

        let server = try ServeLoad.startServer(fcgen: fcgen, database: database, log: directory)
        defer { server.stop() }
        for load in [ServeLoad.Script.feed, .reviews] {
            let cpuBefore = server.cpuSeconds()
            let result = try ServeLoad.run(
                wrk: wrk, script: load, url: server.url, tokens: tokens, seed: seed, directory: directory,
                connections: connections, seconds: seconds)
            let requests = result.requestsPerSecond * Double(seconds)
            let cpuPerRequest = requests > 0 ? (server.cpuSeconds() - cpuBefore) * 1000 / requests : 0
            progress("\(name) [\(engine)] \(load.rawValue): \(result.summary), server CPU \(cpuPerRequest) ms/request")
            let metric = "\(engine).\(load.rawValue)"
            report(
                BenchmarkResult(
                    benchmark: name, metric: "\(metric).server_cpu_ms_per_request", value: cpuPerRequest, unit: "ms"))
            report(
                BenchmarkResult(
                    benchmark: name, metric: "\(metric).requests_per_s", value: result.requestsPerSecond,
                    unit: "req/s", goal: .atLeast(5_000)))
            report(
                BenchmarkResult(
                    benchmark: name, metric: "\(metric).p99_ms", value: result.p99Milliseconds, unit: "ms",
                    goal: .atMost(50)))
            report(
                BenchmarkResult(
                    benchmark: name, metric: "\(metric).p50_ms", value: result.p50Milliseconds, unit: "ms"))
            report(
                BenchmarkResult(
                    benchmark: name, metric: "\(metric).failed_responses", value: Double(result.failures),
                    unit: "responses", goal: .atMost(0)))
        }
        report(
            BenchmarkResult(
                benchmark: name, metric: "\(engine).server_peak_rss_mb", value: server.peakRSSMegabytes(), unit: "MB",
                goal: .atMost(200)))
        server.stop()

        if BenchOptions.instances > 1 {
            if engine == "postgres" {
                for count in 2...BenchOptions.instances {
                    try ServeInstances.run(
                        count, engine: engine, database: database, fcgen: fcgen, wrk: wrk, tokens: tokens, seed: seed,
                        directory: directory)
                }
            } else {
                progress("\(name) [\(engine)]: --instances runs on PostgreSQL only (an SQLite store has one instance)")
            }
        }

        let inProcess = try await ServeSeed.inProcessRates(database: database, seed: seed)
        report(
            BenchmarkResult(
                benchmark: name, metric: "\(engine).feed.in_process_per_s", value: inProcess.feeds, unit: "feeds/s"))
        report(
            BenchmarkResult(
                benchmark: name, metric: "\(engine).reviews.in_process_per_s", value: inProcess.reviews,
                unit: "reviews/s"))
    }
}
