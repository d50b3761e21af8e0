import FCTestSupport
import Foundation

/// The refill worker while the provider is slow: does it keep 16 requests in flight across topics and batches, and
/// does it sleep while it waits?
///
/// 100 topics that each need 10 batches, so 1,000 refill jobs; `RefillWorker` with concurrency 16 on a real clock,
/// the openai provider on HTTPClientTransport, a real store on a temporary file, the loopback stub answering every chat
/// completion after 1 s with 15 new cards. Ideal wall time is 1,000 / 16 × 1 s = 62.5 s. Each mode runs in a child
/// process (see ``WorkerRun``); the stub answers from this one, so the child's CPU and peak RSS hold none of its.
///
/// Two modes. `top_up` (``RefillOptions/topUp``, the figures with targets): one round that enqueues again as jobs
/// finish. `rounds` (the default, informational): a round gives each topic one batch and ends with its slowest
/// job, so 10 back-to-back rounds of 100 jobs take 10 × ⌈100 / 16⌉ s = 70 s at best, 1.12 × ideal.
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
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let baseURL = server.url("/openai/\(delaySeconds)/v1").absoluteString
        for topUp in [true, false] {
            let mode = topUp ? "top_up" : "rounds"
            progress("\(name): \(jobs) jobs, \(mode)…")
            let run = WorkerRun(
                baseURL: baseURL, topics: topics, batchesPerTopic: batchesPerTopic, concurrency: concurrency,
                topUp: topUp)
            report(mode: mode, try await run.launchChild(), targets: topUp)
        }
    }

    /// Prints the figures of one mode; only `targets` gives them pass/fail limits.
    private static func report(mode: String, _ result: WorkerRun.Result, targets: Bool) {
        progress(
            "\(name): \(mode): \(result.jobsDone) jobs in \(result.rounds) rounds, wall "
                + "\(String(format: "%.3f", result.measurement.wallSeconds)) s (ideal \(idealWallSeconds) s), CPU "
                + "\(String(format: "%.3f", result.measurement.userCPUSeconds)) s user + "
                + "\(String(format: "%.3f", result.measurement.systemCPUSeconds)) s system, "
                + "peak RSS \(String(format: "%.1f", result.measurement.peakRSSMegabytes)) MB, \(result.cardsStored) cards stored"
        )
        func figure(_ metric: String, _ value: Double, _ unit: String, _ goal: BenchmarkResult.Goal) {
            fcgen_bench.report(
                .init(
                    benchmark: name, metric: "\(mode).\(metric)", value: value, unit: unit, goal: targets ? goal : .none
                ))
        }
        figure("wall_ratio", result.measurement.wallSeconds / idealWallSeconds, "ratio", .atMost(1.10))
        figure("cpu_per_wall", result.measurement.cpuPerWall, "ratio", .atMost(0.10))
        figure("peak_rss", result.measurement.peakRSSMegabytes, "MB", .atMost(64))
        figure("jobs_done", Double(result.jobsDone), "jobs", .atLeast(Double(jobs)))
        figure("rounds", Double(result.rounds), "rounds", .none)
        figure(
            "context_switches", Double(result.measurement.contextSwitches) / max(result.measurement.wallSeconds, 1e-9),
            "per_second", .none)
    }
}
