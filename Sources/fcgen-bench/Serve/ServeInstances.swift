import Foundation

/// `fcgen-bench serve --instances N`: the same feed and review load against several `fcgen serve` processes on one
/// PostgreSQL database, as a load balancer would spread it: one wrk per instance, the 64 connections shared out,
/// all started together. Reported beside the one-instance figures as `<engine>.instances<N>.<load>.…`: the summed
/// req/s, the worst instance's p99, the failures and the servers' CPU per request. On 2 cores the figure will not
/// scale (the servers, the database and wrk share them); it must not fall.
enum ServeInstances {
    static func run(
        _ count: Int, engine: String, database: String, fcgen: String, wrk: String, tokens: URL, seed: ServeSeed,
        directory: URL
    ) throws {
        var servers: [ServeLoad.Server] = []
        defer { for server in servers { server.stop() } }
        for _ in 0..<count {
            servers.append(try ServeLoad.startServer(fcgen: fcgen, database: database, log: directory))
        }
        let connections = ServeBenchmark.connections / count
        for load in [ServeLoad.Script.feed, .reviews] {
            let cpuBefore = servers.reduce(0) { $0 + $1.cpuSeconds() }
            let started = try servers.map { server in
                try ServeLoad.start(
                    wrk: wrk, script: load, url: server.url, tokens: tokens, seed: seed, directory: directory,
                    connections: connections, seconds: ServeBenchmark.seconds, threads: 1)
            }
            let results = try started.map(ServeLoad.finish)
            let rate = results.reduce(0) { $0 + $1.requestsPerSecond }
            let p99 = results.map(\.p99Milliseconds).max() ?? 0
            let failures = results.reduce(0) { $0 + $1.failures }
            let timeouts = results.reduce(0) { $0 + $1.timeouts }
            let requests = rate * Double(ServeBenchmark.seconds)
            let cpu = servers.reduce(0) { $0 + $1.cpuSeconds() } - cpuBefore
            let cpuPerRequest = requests > 0 ? cpu * 1000 / requests : 0
            let metric = "\(engine).instances\(count).\(load.rawValue)"
            progress(
                "\(ServeBenchmark.name) [\(engine), \(count) instances] \(load.rawValue): \(Int(rate)) req/s, "
                    + "p99 \(String(format: "%.2f", p99)) ms, \(failures) failed (\(timeouts) timed out), server CPU \(cpuPerRequest) ms/request"
            )
            report(
                .init(benchmark: ServeBenchmark.name, metric: "\(metric).requests_per_s", value: rate, unit: "req/s"))
            report(.init(benchmark: ServeBenchmark.name, metric: "\(metric).p99_ms", value: p99, unit: "ms"))
            report(
                .init(
                    benchmark: ServeBenchmark.name, metric: "\(metric).failed_responses", value: Double(failures),
                    unit: "responses", goal: .atMost(0)))
            report(
                .init(
                    benchmark: ServeBenchmark.name, metric: "\(metric).server_cpu_ms_per_request", value: cpuPerRequest,
                    unit: "ms"))
        }
    }
}
