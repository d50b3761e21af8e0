package import Prometheus

/// The service's Prometheus registry: requests by route template and status, and their latency.
package final class ServiceMetrics: Sendable {
    /// Where every metric lives; `GET /metrics` writes it out.
    package let registry = PrometheusCollectorRegistry()
    /// Latency buckets from 1 ms to 10 s.
    private static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(10),
    ]

    package init() {}

    /// Counts one request and records its latency.
    func record(method: String, route: String, status: Int, duration: Duration) {
        registry.makeCounter(
            name: "fcgen_http_requests_total",
            labels: [("method", method), ("route", route), ("status", String(status))]
        ).increment()
        registry.makeDurationHistogram(
            name: "fcgen_http_request_duration_seconds", labels: [("method", method), ("route", route)],
            buckets: Self.buckets
        ).record(duration)
    }

    /// The Prometheus text exposition of every metric.
    package func exposition() -> String {
        registry.emitToString()
    }
}
