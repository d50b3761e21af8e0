import FCGenerator
import FCTestSupport
import Foundation

/// What waiting on slow LLM responses costs: 200 requests, 8 in flight, each answered after 0.5 s.
///
/// Ideal wall time is 200 / 8 × 0.5 s = 12.5 s. The figures that matter are wall / ideal (does the transport keep
/// 8 requests in flight, reusing connections?) and CPU seconds per wall second (does it sleep while it waits?).
/// Runs ``HTTPClientTransport`` (AsyncHTTPClient) on a client of its own with `concurrency` connections.
///
/// The requests are sent and measured in a child process (``TransportRun``), the stub answers from this one: the
/// stub is a Hummingbird app in the process that starts it, and its CPU in the measuring process would count against
/// a 1 % target that is the transport's alone.
enum TransportWaitBenchmark {
    static let name = "transport-wait"
    static let requests = 200
    static let concurrency = 8
    static let delaySeconds = 0.5
    static let idealWallSeconds = Double(requests) / Double(concurrency) * delaySeconds
    static let label = "asynchttpclient"

    static let benchmark = Benchmark(
        name: name,
        summary: "\(requests) requests, \(concurrency) in flight, server answers after \(delaySeconds) s"
    ) {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        progress("\(name): \(label): \(requests) requests…")
        let urls = (0..<requests).map { server.url("/delay/\(delaySeconds)/\(label)-\($0)").absoluteString }
        let result = try await TransportRun(urls: urls, concurrency: concurrency).launchChild()
        guard result.wrong == 0 else {
            throw BenchmarkFailure("\(label): \(result.wrong) of \(requests) answers were wrong")
        }
        report(result.measurement)
    }

    /// Prints the figures of the child's run.
    private static func report(_ measurement: Measurement) {
        progress(
            "\(name): \(label): wall \(format(measurement.wallSeconds)) s (ideal \(format(idealWallSeconds)) s), "
                + "CPU \(format(measurement.userCPUSeconds)) s user + \(format(measurement.systemCPUSeconds)) s system, "
                + "peak RSS \(format(measurement.peakRSSMegabytes)) MB, "
                + "\(Int(measurement.contextSwitchesPerSecond.rounded())) context switches/s"
        )
        let ratio = measurement.wallSeconds / idealWallSeconds
        fcgen_bench.report(
            .init(benchmark: name, metric: "\(label).wall_ratio", value: ratio, unit: "ratio", goal: .atMost(1.02)))
        fcgen_bench.report(
            .init(
                benchmark: name, metric: "\(label).cpu_per_wall", value: measurement.cpuPerWall, unit: "ratio",
                goal: .atMost(0.01)))
        fcgen_bench.report(
            .init(benchmark: name, metric: "\(label).peak_rss", value: measurement.peakRSSMegabytes, unit: "MB"))
        fcgen_bench.report(
            .init(
                benchmark: name, metric: "\(label).context_switches", value: measurement.contextSwitchesPerSecond,
                unit: "per_second"))
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}

/// The requests of ``TransportWaitBenchmark``, sent and measured in a child process of `fcgen-bench` (see
/// ``BenchChildRun``): every URL once, at most `concurrency` in flight, each answer checked against its path.
struct TransportRun: Codable {
    var urls: [String]
    var concurrency: Int

    /// What the child measured, and how many answers were not the 200 with the request's path they should be.
    struct Result: Codable {
        var measurement: Measurement
        var wrong: Int
    }

    func perform() async throws -> Result {
        let urls = try self.urls.map { text in
            guard let url = URL(string: text) else { throw BenchmarkFailure("bad URL \(text)") }
            return url
        }
        let concurrency = concurrency
        let (wrong, measurement) = try await HTTPClientTransport.withTransport(maxConnectionsPerHost: concurrency) {
            transport in
            try await measure {
                try await withThrowingTaskGroup(of: Bool.self) { group in
                    var next = 0
                    var wrong = 0
                    func addNext() {
                        let url = urls[next]
                        group.addTask {
                            let response = try await transport.send(
                                LLMHTTPRequest(url: url, method: "GET", body: Data(), timeoutSeconds: 30))
                            return response.status == 200 && String(decoding: response.body, as: UTF8.self) == url.path
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
        }
        return Result(measurement: measurement, wrong: wrong)
    }
}

extension TransportRun: BenchChildRun {
    static let childFlag = "--transport-child"
}

/// A benchmark that could not produce its figures (wrong answers, server trouble).
struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
