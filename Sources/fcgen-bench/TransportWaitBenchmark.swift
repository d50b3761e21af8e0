import FCGenerator
import FCTestSupport
import Foundation

/// What waiting on slow LLM responses costs: 200 requests, 8 in flight, each answered after 0.5 s.
///
/// Ideal wall time is 200 / 8 × 0.5 s = 12.5 s. The figures that matter are wall / ideal (does the transport keep
/// 8 requests in flight, reusing connections?) and CPU seconds per wall second (does it sleep while it waits?).
/// Runs ``HTTPClientTransport`` (AsyncHTTPClient) on a client of its own with `concurrency` connections.
enum TransportWaitBenchmark {
    static let name = "transport-wait"
    static let requests = 200
    static let concurrency = 8
    static let delaySeconds = 0.5
    static let idealWallSeconds = Double(requests) / Double(concurrency) * delaySeconds

    static let benchmark = Benchmark(
        name: name,
        summary: "\(requests) requests, \(concurrency) in flight, server answers after \(delaySeconds) s"
    ) {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await HTTPClientTransport.withTransport(maxConnectionsPerHost: concurrency) { transport in
            try await run(label: "asynchttpclient", server: server) { url in
                let response = try await transport.send(
                    LLMHTTPRequest(url: url, method: "GET", body: Data(), timeoutSeconds: 30))
                return (response.status, response.body)
            }
        }
    }

    /// Sends every request with at most `concurrency` in flight, checks each answer, and reports the figures.
    static func run(
        label: String,
        server: LoopbackServer,
        send: @escaping @Sendable (URL) async throws -> (status: Int, body: Data)
    ) async throws {
        progress("\(name): \(label): \(requests) requests…")
        let urls = (0..<requests).map { server.url("/delay/\(delaySeconds)/\(label)-\($0)") }
        let (wrong, measurement) = try await measure {
            try await withThrowingTaskGroup(of: Bool.self) { group in
                var next = 0
                var wrong = 0
                func addNext() {
                    let url = urls[next]
                    group.addTask {
                        let (status, body) = try await send(url)
                        return status == 200 && String(decoding: body, as: UTF8.self) == url.path
                    }
                    next += 1
                }
                while next < min(concurrency, urls.count) { addNext() }
                while let isRight = try await group.next() {
                    if !isRight { wrong += 1 }
                    if next < urls.count { addNext() }
                }
                return wrong
            }
        }
        guard wrong == 0 else { throw BenchmarkFailure("\(label): \(wrong) of \(requests) answers were wrong") }
        progress(
            "\(name): \(label): wall \(format(measurement.wallSeconds)) s (ideal \(format(idealWallSeconds)) s), "
                + "CPU \(format(measurement.userCPUSeconds)) s user + \(format(measurement.systemCPUSeconds)) s system, "
                + "peak RSS \(format(measurement.peakRSSMegabytes)) MB, "
                + "\(Int(measurement.contextSwitchesPerSecond.rounded())) context switches/s"
        )
        let ratio = measurement.wallSeconds / idealWallSeconds
        report(.init(benchmark: name, metric: "\(label).wall_ratio", value: ratio, unit: "ratio", goal: .atMost(1.02)))
        report(
            .init(
                benchmark: name, metric: "\(label).cpu_per_wall", value: measurement.cpuPerWall, unit: "ratio",
                goal: .atMost(0.01)))
        report(.init(benchmark: name, metric: "\(label).peak_rss", value: measurement.peakRSSMegabytes, unit: "MB"))
        report(
            .init(
                benchmark: name, metric: "\(label).context_switches", value: measurement.contextSwitchesPerSecond,
                unit: "per_second"))
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}

/// A benchmark that could not produce its figures (wrong answers, server trouble).
struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
