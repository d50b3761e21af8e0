import FCTestSupport
import Foundation

/// Peak memory of a long generation run, and whether it stays flat as the run grows.
///
/// The ``PipelineWaitBenchmark`` setup with a server that answers at once: 250 batches, then 1,000, each in a fresh
/// child process (the stub answers from this one, so its memory is not in the child's peak). The 1,000-batch peak
/// must stay within 64 MB, and it should not grow with the run: what a run keeps per batch (a summary, the new dedup
/// keys) is small, and everything else is per request.
enum PipelineMemoryBenchmark {
    static let name = "pipeline-memory"
    static let concurrency = 8
    static let short = 250
    static let long = 1_000
    /// Flat means the 4× longer run peaks at most 10 % higher.
    static let flatRatio = 1.10

    static let benchmark = Benchmark(
        name: name,
        summary: "Pipeline peak RSS: \(short) and \(long) batches, concurrency \(concurrency), no server delay"
    ) {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let baseURL = server.url("/openai/0/v1").absoluteString
        var peaks: [Int: Double] = [:]
        for batches in [short, long] {
            progress("\(name): \(batches) batches…")
            let result = try await PipelineRun(baseURL: baseURL, batches: batches, concurrency: concurrency).launch()
            progress(
                "\(name): \(batches) batches in \(String(format: "%.2f", result.measurement.wallSeconds)) s, peak RSS "
                    + "\(String(format: "%.1f", result.measurement.peakRSSMegabytes)) MB, \(result.storedCards) cards stored"
            )
            peaks[batches] = result.measurement.peakRSSMegabytes
        }
        let shortPeak = peaks[short] ?? 0
        let longPeak = peaks[long] ?? 0
        report(.init(benchmark: name, metric: "peak_rss_\(short)", value: shortPeak, unit: "MB", goal: .atMost(64)))
        report(.init(benchmark: name, metric: "peak_rss_\(long)", value: longPeak, unit: "MB", goal: .atMost(64)))
        report(
            .init(
                benchmark: name, metric: "peak_rss_ratio_\(long)_\(short)", value: longPeak / max(shortPeak, 1e-9),
                unit: "ratio", goal: .atMost(flatRatio)))
    }
}
