package import FCContract
package import HTTPTypes
package import Hummingbird
package import NIOCore

/// An RFC 9457 problem: what every failed request answers, as `application/problem+json`.
///
/// `type` is `https://fcgen.dev/problems/<code>`: the CLI's error codes (``FCContract/ErrorCode``) for failures
/// both share, and a few codes only HTTP has (``ServiceCode``). `detail` is one line, never a token, a request body
/// or a stack trace; `field` names the body field, query parameter or header that was wrong.
package struct Problem: Error, Sendable {
    package var code: String
    package var status: HTTPResponse.Status
    package var title: String
    package var detail: String
    package var field: String?
    package var headers: HTTPFields = [:]
    /// Extension members (RFC 9457 §3.2) a route adds, such as an import's `errors`.
    package var extensions: [String: JSONValue] = [:]

    /// The base of every problem `type`.
    package static let typeBase = ProblemText.typeBase

    package init(code: String, status: Int, title: String, detail: String, field: String? = nil) {
        self.code = code
        self.status = HTTPResponse.Status(code: status)
        self.title = title
        self.detail = ProblemText.oneLine(detail)
        self.field = field
    }

    /// A problem with one of the CLI's codes, at the HTTP status the code maps to.
    package init(_ code: ErrorCode, detail: String, field: String? = nil) {
        self.init(code: code.rawValue, status: code.httpStatus, title: code.title, detail: detail, field: field)
    }

    /// A problem with an HTTP-only code.
    package init(_ code: ServiceCode, detail: String, field: String? = nil) {
        self.init(code: code.rawValue, status: code.status, title: code.title, detail: detail, field: field)
    }

    /// 400 naming the field.
    package static func badRequest(_ detail: String, field: String? = nil) -> Problem {
        Problem(.badRequest, detail: detail, field: field)
    }

    /// 401 with the `WWW-Authenticate: Bearer` challenge.
    package static func unauthorized(_ detail: String) -> Problem {
        var problem = Problem(.unauthorized, detail: detail)
        problem.headers[.wwwAuthenticate] = #"Bearer realm="fcgen""#
        return problem
    }

    /// 429 with `Retry-After`: the caller may try again after `seconds`.
    package static func rateLimited(_ detail: String, retryAfter seconds: Int) -> Problem {
        var problem = Problem(.rateLimited, detail: detail)
        problem.headers[.retryAfter] = String(seconds)
        return problem
    }

    /// 403: the token is valid but may not do this.
    package static func forbidden(_ detail: String) -> Problem { Problem(.forbidden, detail: detail) }

    /// 404 in the CLI's words.
    package static func notFound(_ detail: String) -> Problem { Problem(ErrorCode.notFound, detail: detail) }

    /// The problem document as a response.
    package func response() -> Response {
        let (fields, body) = document()
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: body))
    }

    /// The response's header fields (`Content-Type: application/problem+json` and ``headers``) and its body, for
    /// the connection handlers that answer below the router (``ConnectionGuard``).
    package func document() -> (HTTPFields, ByteBuffer) {
        var members: [String: JSONValue] = [
            "type": .string(Self.typeBase + code), "title": .string(title), "status": .integer(Int64(status.code)),
            "detail": .string(detail), "code": .string(code),
        ]
        if let field { members["field"] = .string(field) }
        members.merge(extensions) { standard, _ in standard }
        var fields = headers
        fields[.contentType] = "application/problem+json"
        return (fields, ByteBuffer(string: JSONWriter(pretty: false).write(.object(members))))
    }
}
