import FCTestSupport
import Foundation

/// The whole generation path over real HTTP while the provider is slow: does the pipeline keep 8 requests in flight,
/// and does it sleep while it waits?
///
/// `Pipeline.generate` for 200 batches of one topic, concurrency 8: openai provider on HTTPClientTransport, a real store on a
/// temporary file, the loopback stub answering every chat completion after 0.5 s with 15 new cards. Ideal wall time is
/// 200 / 8 × 0.5 s = 12.5 s. Runs in a child process (see ``PipelineRun``); the stub answers from this one, so the
/// child's CPU holds none of its.
enum PipelineWaitBenchmark {
    static let name = "pipeline-wait"
    static let batches = 200
    static let concurrency = 8
    static let delaySeconds = 0.5
    static let idealWallSeconds = Double(batches) / Double(concurrency) * delaySeconds

    static let benchmark = Benchmark(
        name: name,
        summary: "Pipeline: \(batches) batches, concurrency \(concurrency), server answers after \(delaySeconds) s"
    ) {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let run = PipelineRun(
            baseURL: server.url("/openai/\(delaySeconds)/v1").absoluteString, batches: batches, concurrency: concurrency
        )
        progress("\(name): \(batches) batches…")
        let result = try await run.launch()
        progress(
            "\(name): wall \(String(format: "%.3f", result.measurement.wallSeconds)) s (ideal \(idealWallSeconds) s), CPU "
                + "\(String(format: "%.3f", result.measurement.userCPUSeconds)) s user + "
                + "\(String(format: "%.3f", result.measurement.systemCPUSeconds)) s system, "
                + "peak RSS \(String(format: "%.1f", result.measurement.peakRSSMegabytes)) MB, \(result.storedCards) cards stored"
        )
        report(
            .init(
                benchmark: name, metric: "wall_ratio", value: result.measurement.wallSeconds / idealWallSeconds,
                unit: "ratio",
                goal: .atMost(1.02)))
        report(
            .init(
                benchmark: name, metric: "cpu_per_wall", value: result.measurement.cpuPerWall, unit: "ratio",
                goal: .atMost(0.03))
        )
        report(.init(benchmark: name, metric: "peak_rss", value: result.measurement.peakRSSMegabytes, unit: "MB"))
        report(
            .init(
                benchmark: name, metric: "context_switches",
                value: Double(result.measurement.contextSwitches) / max(result.measurement.wallSeconds, 1e-9),
                unit: "per_second"))
    }
}
