import FCTestSupport
import Foundation
import Synchronization
import Testing

/// Collects real responses of the running server and validates them, all at once, against the schemas of
/// `docs/openapi.json` with the reference validator (python3 `jsonschema`, draft 2020-12; the suite's one
/// ``FCTestSupport/SchemaValidator``).
final class OpenAPICheck: Sendable {
    private struct Case: Encodable, Sendable {
        var label: String
        var schema: String
        var body: String
    }

    private let cases = Mutex<[Case]>([])

    /// Queues `reply`'s body for the component schema `schema` and returns the reply.
    @discardableResult
    func add(_ reply: Reply, _ schema: String, label: String) -> Reply {
        cases.withLock { $0.append(Case(label: label, schema: schema, body: reply.text)) }
        return reply
    }

    /// Validates every queued body (``FCTestSupport/SchemaValidator``); one failure per problem.
    func validate(in directory: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let all = cases.withLock { $0 }
        let answer = try await SchemaValidator.shared.validate(.openapi, all)
        #expect(answer.count == all.count, sourceLocation: sourceLocation)
        #expect(answer.problems.isEmpty, "\(answer.problems.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }
}
