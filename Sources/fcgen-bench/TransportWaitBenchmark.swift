import FCGenerator
import FCTestSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What waiting on slow LLM responses costs: 200 requests, 8 in flight, each answered after 0.5 s.
///
/// Ideal wall time is 200 / 8 × 0.5 s = 12.5 s. The figures that matter are wall / ideal (does the transport keep
/// 8 requests in flight, reusing connections?) and CPU seconds per wall second (does it sleep while it waits?).
/// Runs CurlTransport, then plain URLSession for comparison (PLATFORM.md: URLSession spins while waiting).
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
        let curl = CurlTransport(maxConcurrentRequests: concurrency)
        try await run(label: "curl", server: server) { url in
            let response = try await curl.send(
                LLMHTTPRequest(url: url, method: "GET", body: Data(), timeoutSeconds: 30))
            return (response.status, response.body)
        }
        let session = makeURLSession()
        defer { session.finishTasksAndInvalidate() }
        try await run(label: "urlsession", server: server) { url in
            var request = URLRequest(url: url)
            request.timeoutInterval = 30
            let (body, response) = try await session.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, body)
        }
    }

    /// A URLSession configured as fcgen's URLSession transport would be: enough connections for the concurrency.
    static func makeURLSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = concurrency
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
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
        report(.init(benchmark: name, metric: "\(label).wall_ratio", value: ratio, unit: "ratio", goal: .atMost(1.05)))
        report(
            .init(
                benchmark: name, metric: "\(label).cpu_per_wall", value: measurement.cpuPerWall, unit: "ratio",
                goal: .atMost(0.10)))
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
