import FCContract
import HTTPTypes
package import Hummingbird
package import Logging

/// Turns every error a route or inner middleware throws into a problem response (``Problem``).
package struct ProblemMiddleware: RouterMiddleware {
    package typealias Context = ServiceRequestContext

    /// Where unexpected failures are told in full (the client gets only their code).
    let logger: Logger
    /// The methods of each known path: a known path with another method is 405, not the router's 404.
    let routes: RouteMethods

    package init(logger: Logger, routes: RouteMethods = RouteMethods([])) {
        self.logger = logger
        self.routes = routes
    }

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let problem = Self.problem(for: error, request: request, routes: routes)
            if problem.status.code >= 500 {
                logger.error(
                    "\(request.method.rawValue) \(context.endpointPath ?? "unmatched"): \(error)",
                    metadata: ["event": "request_failed", "code": .string(problem.code)])
            }
            return problem.response()
        }
    }

    /// The problem an error becomes.
    static func problem(for error: any Error, request: Request, routes: RouteMethods = RouteMethods([])) -> Problem {
        switch error {
        case let problem as Problem:
            return problem
        case let error where Request.isTooLarge(error):
            return Problem(.payloadTooLarge, detail: "the request body is too large")
        case let error as HTTPError:
            switch error.status {
            case .notFound:
                let allowed = routes.methods(forPath: request.uri.path)
                guard !allowed.isEmpty, !allowed.contains(request.method.rawValue) else {
                    return .notFound("no route \(request.method) \(request.uri.path)")
                }
                var problem = Problem(
                    .methodNotAllowed,
                    detail:
                        "\(request.uri.path) does not take \(request.method); it takes \(allowed.joined(separator: ", "))"
                )
                problem.headers[.allow] = allowed.joined(separator: ", ")
                return problem
            case .methodNotAllowed:
                return Problem(.methodNotAllowed, detail: "\(request.uri.path) does not take \(request.method)")
            case .unauthorized: return .unauthorized("a bearer token is required")
            case .badRequest:
                // Hummingbird's own refusals (a path with `..` or bad percent-encoding, a parameter it cannot read)
                // often carry no message; the detail still says what was refused.
                return .badRequest(error.body ?? "the request path \(request.uri.path) cannot be read")
            default:
                return Problem(
                    code: ServiceCode.badRequest.rawValue, status: error.status.code, title: error.status.reasonPhrase,
                    detail: error.body ?? error.status.reasonPhrase)
            }
        default:
            let code = ErrorCode(for: error)
            // An unexpected error's text may say things no client should see; its code is enough.
            let detail = code == .internal ? "unexpected failure; see the server log" : "\(error)"
            return Problem(code, detail: detail)
        }
    }
}
