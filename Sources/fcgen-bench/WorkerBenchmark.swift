import Foundation

/// The refill worker while the provider is slow: does it keep 16 requests in flight across rounds and topics, and
/// does it sleep while it waits?
///
/// 100 topics that each need 10 batches, so 1,000 refill jobs; `RefillWorker` with concurrency 16 on a real clock,
/// the openai provider on CurlTransport, a real store on a temporary file, the loopback stub answering every chat
/// completion after 1 s with 15 new cards. Ideal wall time is 1,000 / 16 × 1 s = 62.5 s. Runs in a child process
/// (see ``WorkerRun``); the server's CPU is its own.
enum WorkerBenchmark {
    static let name = "worker"
    static let topics = 100
    static let batchesPerTopic = 10
    static let concurrency = 16
    static let delaySeconds = 1.0
    static let jobs = topics * batchesPerTopic
    static let idealWallSeconds = Double(jobs) / Double(concurrency) * delaySeconds

    static let benchmark = Benchmark(
        name: name,
        summary: "Refill worker: \(jobs) jobs over \(topics) topics, concurrency \(concurrency), "
            + "server answers after \(delaySeconds) s"
    ) {
        let server = try StubServerProcess()
        defer { server.stop() }
        let run = WorkerRun(
            baseURL: server.url("/openai/\(delaySeconds)/v1").absoluteString, topics: topics,
            batchesPerTopic: batchesPerTopic, concurrency: concurrency)
        progress("\(name): \(jobs) jobs…")
        let result = try run.launchChild()
        progress(
            "\(name): \(result.jobsDone) jobs in \(result.rounds) rounds, wall "
                + "\(String(format: "%.3f", result.wallSeconds)) s (ideal \(idealWallSeconds) s), CPU "
                + "\(String(format: "%.3f", result.userCPUSeconds)) s user + "
                + "\(String(format: "%.3f", result.systemCPUSeconds)) s system, "
                + "peak RSS \(String(format: "%.1f", result.peakRSSMegabytes)) MB, \(result.cardsStored) cards stored")
        report(
            .init(
                benchmark: name, metric: "wall_ratio", value: result.wallSeconds / idealWallSeconds, unit: "ratio",
                goal: .atMost(1.10)))
        report(
            .init(benchmark: name, metric: "cpu_per_wall", value: result.cpuPerWall, unit: "ratio", goal: .atMost(0.10))
        )
        report(
            .init(benchmark: name, metric: "peak_rss", value: result.peakRSSMegabytes, unit: "MB", goal: .atMost(64)))
        report(
            .init(
                benchmark: name, metric: "jobs_done", value: Double(result.jobsDone), unit: "jobs",
                goal: .atLeast(Double(jobs))))
        report(.init(benchmark: name, metric: "rounds", value: Double(result.rounds), unit: "rounds"))
        report(
            .init(
                benchmark: name, metric: "context_switches",
                value: Double(result.contextSwitches) / max(result.wallSeconds, 1e-9), unit: "per_second"))
    }
}
