import FCTestSupport
import Foundation
import Testing

/// Collects `--json` outputs of the built binary and validates them, all at once, against docs/json-schemas with
/// the reference validator (python3 `jsonschema`, draft 2020-12; `scripts/test` installs it): each stdout must be
/// exactly one document, valid against its command's schema.
final class SchemaCheck {
    private struct Case: Encodable, Sendable {
        var label: String
        var schema: String
        var stdout: String
    }

    private var cases: [Case] = []
    let cli: CLIRunner

    init(_ cli: CLIRunner) {
        self.cli = cli
    }

    /// Runs `fcgen arguments… --json`, expects `status`, and queues its stdout for `schema`.
    @discardableResult
    func run(
        _ arguments: [String], schema: String, status: Int32 = 0, stdin: Data? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> CLIRunner.Result {
        let result = try await cli.run(arguments + ["--json"], stdin: stdin)
        let label = arguments.prefix(3).joined(separator: " ")
        #expect(result.status == status, "\(label): stderr: \(result.stderr)", sourceLocation: sourceLocation)
        cases.append(Case(label: label, schema: schema, stdout: result.stdout))
        return result
    }

    /// The document `result` printed, as an object.
    func object(_ result: CLIRunner.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// Validates every queued output (``FCTestSupport/SchemaValidator``); one failure per problem, naming the
    /// command and the JSON path.
    func validate(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let answer = try await SchemaValidator.shared.validate(.json, cases)
        #expect(answer.count == cases.count, sourceLocation: sourceLocation)
        #expect(answer.problems.isEmpty, "\(answer.problems.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }
}
