package import HTTPTypes
package import Hummingbird

/// One route of the API: method, path template (OpenAPI syntax, `/v1/topics/{id}`), who may call it, and the
/// handler. ``ServiceRoutes/all`` is the one list the router is built from; the OpenAPI test compares the router's
/// own route table (``BuiltService/routes``) with the document.
package struct Route: Sendable {
    /// Who may call a route.
    package enum Access: Sendable {
        /// Anyone: health, readiness, metrics, the OpenAPI document.
        case open
        /// Any valid token; the learner comes from the token.
        case learner
        /// Admin tokens only: managing content.
        case admin
    }

    package typealias Handler = @Sendable (Request, ServiceRequestContext) async throws -> Response

    package var method: HTTPRequest.Method
    package var path: String
    package var access: Access
    package var handler: Handler

    /// `GET /v1/topics/{id}`: the method and template, as the OpenAPI test compares them.
    package var signature: String { "\(method.rawValue) \(path)" }

    package init(_ method: HTTPRequest.Method, _ path: String, _ access: Access, _ handler: @escaping Handler) {
        self.method = method
        self.path = path
        self.access = access
        self.handler = handler
    }
}

extension Request {
    /// The path parameter `id` as a positive id, or 404 naming `resource` (an id that cannot exist is not found,
    /// like any other).
    func id(of resource: String, context: ServiceRequestContext) throws -> Int64 {
        let text = context.parameters.get("id") ?? ""
        guard let id = Int64(text), id > 0 else { throw Problem.notFound("no \(resource) with id \(text)") }
        return id
    }

    /// The query parameter `name` as an integer in `range`, `fallback` when absent; else a 400 naming it.
    func queryInteger(_ name: String, in range: ClosedRange<Int>, default fallback: Int) throws -> Int {
        guard let text = uri.queryParameters.get(name) else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw Problem.badRequest(
                "\(name) must be an integer between \(range.lowerBound) and \(range.upperBound)", field: name)
        }
        return value
    }
}
