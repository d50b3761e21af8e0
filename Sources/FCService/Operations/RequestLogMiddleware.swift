import Foundation
package import Hummingbird
package import Logging

/// The outermost middleware: one JSON log line and the request metrics per request.
///
/// The line has the method, the route template (`/v1/topics/{id}`, never the raw path with its ids and query),
/// the status, the milliseconds and the learner's id once authenticated; never the token, a header or a body.
package struct RequestLogMiddleware: RouterMiddleware {
    package typealias Context = ServiceRequestContext
    let logger: Logger
    let metrics: ServiceMetrics

    package init(logger: Logger, metrics: ServiceMetrics) {
        self.logger = logger
        self.metrics = metrics
    }

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            // The problem middleware answers everything; this only keeps a line for what escaped it.
            response = ProblemMiddleware.problem(for: error, request: request).response()
        }
        let elapsed = ContinuousClock.now - start
        let route = context.endpointPath.map { $0 == "NotFound" ? "unmatched" : $0 } ?? "unmatched"
        let status = response.status.code
        metrics.record(method: request.method.rawValue, route: route, status: status, duration: elapsed)
        var metadata: Logger.Metadata = [
            "event": "request", "method": .string(request.method.rawValue), "route": .string(route),
            "status": .stringConvertible(status),
            "ms": .stringConvertible(Self.milliseconds(elapsed)),
        ]
        if let user = context.facts.userID { metadata["user"] = .stringConvertible(user) }
        logger.info("\(request.method.rawValue) \(route) \(status)", metadata: metadata)
        return response
    }

    /// A duration in milliseconds with a fraction (the JSON line keeps at most four decimals).
    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
