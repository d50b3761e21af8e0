import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Property-based fuzzing of the service as `fcgen serve --offline` runs it (``ServiceUnderTest/serveLive``: the
/// application, the generation runner, a socket of its own, in this process) against its own OpenAPI document with Schemathesis
/// (PyPI `schemathesis`, 4.x): every operation, valid and invalid requests, then stateful sequences that follow the
/// links it infers (create a topic, then use its id). Any 5xx, any response the document does not describe (status,
/// content type, headers, body schema), any request the document forbids but the server accepts, and any known path
/// answering another method with something else than `405` + `Allow` fails the test with Schemathesis' report.
///
/// Nothing is excluded: every operation is fuzzed, generations included (offline they replay the fixtures).
/// Checks left out, and why:
/// - `positive_data_acceptance`: the document cannot say every business rule (a question the topic already asks is
///   `409`, a card with neither text nor picture is `422`, a review in the future is `400`); those refusals are
///   documented responses, not contract breaks.
/// - `use_after_free`, `ensure_resource_availability`, `ignored_auth`, `object_level_authorization`: stateful
///   heuristics that read a `404` after a `DELETE` of a *topic* as a deleted *card* still answering, and such;
///   ownership (another learner's ids are `404`) has its own tests.
@Suite("fcgen serve: fuzzing against docs/openapi.json (Schemathesis)", .serialized)
struct SchemathesisTests {
    static let checks = [
        "not_a_server_error", "status_code_conformance", "content_type_conformance", "response_schema_conformance",
        "response_headers_conformance", "negative_data_rejection", "missing_required_header", "unsupported_method",
        "allow_header_conformance",
    ]

    @Test("admin and learner tokens: no 5xx, no response outside the document, invalid requests refused")
    func fuzzAgainstDocument() async throws {
        try await Self.requireSchemathesis()
        // The rate budget of ServiceUnderTest is high, so the fuzzer reaches the handlers instead of 429.
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        // A topic of fallback cards alone, as `--store-fallback` stores for a topic without recordings.
        try await fixture.generateOffline(topic: "Chemistry", batches: 1)
        let (admin, learner) = (fixture.adminToken, fixture.learnerToken)
        let logged = LogLines()
        try await fixture.serveLive(logger: logged.jsonLogger) { server in
            let adminRun = try await Self.schemathesis(server, token: admin, examples: 30, in: fixture.directory)
            #expect(adminRun.status == 0, "Schemathesis (admin token) found problems:\n\(adminRun.tail())")
            #expect(adminRun.output.contains("passed"), "\(adminRun.tail())")
            // The learner's run leaves out the coverage phase: its inputs are the document's boundary and invalid
            // values, the same for any token, and the admin run sent every one of them to the same routes' checks
            // (a learner's admin routes answer 403 before reading a body). Its fuzzing and stateful phases stay.
            let learnerRun = try await Self.schemathesis(
                server, token: learner, examples: 10, phases: ["examples", "fuzzing", "stateful"],
                in: fixture.directory)
            #expect(learnerRun.status == 0, "Schemathesis (learner token) found problems:\n\(learnerRun.tail())")
            // The server's own account: it is still up and ready.
            #expect(try await server.call(.GET, "/readyz").status == 200)
        }
        // Its request log has no 5xx.
        let serverErrors = logged.lines.filter {
            $0.contains(#""event":"request""#) && $0.range(of: #""status":5\d\d"#, options: .regularExpression) != nil
        }
        #expect(serverErrors.isEmpty, "\(serverErrors.prefix(5).joined(separator: "\n"))")
        #expect(logged.text.contains(#""event":"request""#))
    }

    /// Fails (never skips) when Schemathesis is missing, saying how to install it.
    static func requireSchemathesis() async throws {
        let directory = FileManager.default.temporaryDirectory
        let name = "schemathesis-probe-\(UUID().uuidString)"
        let probe = try await PythonTool.run(["-c", "import schemathesis.cli"], in: directory, name: name)
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("\(name).out"))
        try #require(
            probe.status == 0,
            """
            Schemathesis is not installed for python3: python3 -m pip install 'schemathesis>=4,<5' \
            (add --break-system-packages on a Debian python; scripts/test does this). \(probe.tail(500))
            """)
    }

    /// `schemathesis run docs/openapi.json` against `server` with `token`: a fixed seed and a bounded number of
    /// examples per operation, so a run is repeatable and CI time stays small.
    static func schemathesis(
        _ server: some LoopbackEndpoint, token: String, examples: Int,
        phases: [String] = ["examples", "coverage", "fuzzing", "stateful"], in directory: URL
    ) async throws -> PythonTool {
        let document = Repository.root.appendingPathComponent("docs/openapi.json").path
        let config = Repository.root.appendingPathComponent("Tests/FCServiceTests/schemathesis.toml").path
        return try await PythonTool.run(
            [
                "-m", "schemathesis.cli", "--config-file", config, "run", document, "--url", server.base,
                "--header", "Authorization: Bearer \(token)", "--checks", checks.joined(separator: ","),
                "--max-examples", String(examples), "--seed", "20261123", "--phases", phases.joined(separator: ","),
                // One worker: Hypothesis' strategy descriptions are not thread-safe on python 3.11 (an AST
                // recursion error inside Schemathesis, not a finding), and the server shares 2 cores with it.
                "--workers", "1", "--request-timeout", String(TestPatience.seconds),
                "--no-color", "--output-truncate", "false",
            ], in: directory, name: "schemathesis-\(UUID().uuidString)")
    }
}
