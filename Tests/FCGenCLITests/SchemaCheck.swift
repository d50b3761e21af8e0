import FCTestSupport
import Foundation
import Testing

/// Collects `--json` outputs of the built binary and validates them, all at once, against docs/json-schemas with
/// the reference validator (python3 `jsonschema`, draft 2020-12; `scripts/test` installs it): each stdout must be
/// exactly one document, valid against its command's schema.
final class SchemaCheck {
    private struct Case: Encodable {
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

    /// Validates every queued output; one failure per problem, naming the command and the JSON path.
    func validate(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let script = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Support/validate_json.py")
        let checked = try await ChildProcess.run(
            "/usr/bin/env", ["python3", script.path], input: Array(try JSONEncoder().encode(cases)))
        let report = checked.output + checked.error
        #expect(checked.termination == .exited(0), "\(report)", sourceLocation: sourceLocation)
        #expect(report.contains("validated \(cases.count) document(s), 0 problem(s)"), sourceLocation: sourceLocation)
    }
}
