import FCTestSupport
import Foundation
import Synchronization
import Testing

/// Collects real responses of the running server and validates them, all at once, against the schemas of
/// `docs/openapi.json` with the reference validator (python3 `jsonschema`, draft 2020-12).
final class OpenAPICheck: Sendable {
    private struct Case: Encodable {
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

    /// Validates every queued body; one failure per problem.
    func validate(in directory: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let all = cases.withLock { $0 }
        let script = Repository.root.appendingPathComponent("Tests/Support/validate_openapi.py")
        let checked = try await ChildProcess.run(
            "/usr/bin/env", ["python3", script.path], input: Array(try JSONEncoder().encode(all)),
            workingDirectory: directory)
        let report = checked.output + checked.error
        #expect(checked.termination == .exited(0), "\(report)", sourceLocation: sourceLocation)
        #expect(
            report.contains("validated \(all.count) response(s), 0 problem(s)"), "\(report)",
            sourceLocation: sourceLocation)
    }
}
