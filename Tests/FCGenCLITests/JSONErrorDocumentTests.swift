import Foundation
import Testing

/// With `--json` a failure is a document too: `{"error": {"code", "title", "message", "exitCode", …}}` on stdout,
/// the process's exit status equal to `exitCode`, the code from the one table (docs/json.md), and the
/// `fcgen: error:` line still on stderr.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct JSONErrorDocumentTests {
    /// Runs a failing command with `--json` and returns its error member after checking status and stderr.
    private func failure(
        _ check: SchemaCheck, _ arguments: [String], code: String, status: Int32,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String: Any] {
        let result = try await check.run(arguments, schema: "error", status: status, sourceLocation: sourceLocation)
        #expect(result.stderr.contains("fcgen: error: "), "\(arguments)", sourceLocation: sourceLocation)
        let error = try #require(try check.object(result)["error"] as? [String: Any])
        #expect(error["code"] as? String == code, "\(arguments): \(error)", sourceLocation: sourceLocation)
        #expect(error["exitCode"] as? Int == Int(status), sourceLocation: sourceLocation)
        return error
    }

    @Test func commandLineMistakesNameTheWordAndSuggestTheNearestOne() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let check = SchemaCheck(cli)
        let unknown = try await failure(check, ["nosuchcmd"], code: "usage", status: 64)
        #expect(unknown["argument"] as? String == "nosuchcmd")
        #expect((unknown["message"] as? String)?.contains("unknown command 'nosuchcmd'") == true)
        #expect(unknown["suggestion"] == nil, "nothing is near")
        await #expect(try failure(check, ["topcis"], code: "usage", status: 64)["suggestion"] as? String == "topics")
        await #expect(
            try failure(check, ["card", "shw", "1"], code: "usage", status: 64)["suggestion"] as? String == "show")
        await #expect(
            try failure(check, ["sesion", "next", "1"], code: "usage", status: 64)["suggestion"] as? String == "session"
        )
        let flag = try await failure(check, ["--topic", "X", "--batchez", "2"], code: "usage", status: 64)
        #expect(flag["argument"] as? String == "--batchez")
        #expect(flag["suggestion"] as? String == "--batches")
        let negative = try await failure(
            check, ["--topic", "X", "--batches", "-1", "--db", cli.databasePath], code: "usage", status: 64)
        #expect(negative["message"] as? String == "--batches must be between 1 and 1000")
        let positional = try await failure(check, ["card", "show", "-5"], code: "usage", status: 64)
        #expect(positional["argument"] as? String == "-5")
        #expect((positional["message"] as? String)?.hasPrefix("unexpected '-5': a negative number") == true)
        _ = try await failure(check, ["review", "1", "--rating", "meh"], code: "usage", status: 64)
        let when = try await failure(
            check, ["review", "1", "--rating", "good", "--at", "yesterday", "--db", cli.databasePath], code: "usage",
            status: 64)
        #expect((when["message"] as? String)?.contains("--at") == true)
        try await check.validate()

        // The same mistakes in text: one line naming the word on stderr, nothing on stdout.
        let text = try await cli.run(["nosuchcmd"])
        #expect(text.status == 64)
        #expect(text.stdout.isEmpty)
        #expect(text.stderr.hasPrefix("fcgen: error: unknown command 'nosuchcmd' for 'fcgen'\n"))
        #expect(!text.stderr.contains("--topic"), "not the default command's complaint")
        let dashed = try await cli.run(["--topic", "X", "--batches", "-1"])
        #expect(dashed.stderr.hasPrefix("fcgen: error: --batches must be between 1 and 1000"))
        #expect(!dashed.stderr.contains("Missing value"))
    }

    @Test func unknownIdsAreNotFoundInEveryCommand() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let check = SchemaCheck(cli)
        #expect(try await cli.run(["--topic", "Roman history", "--batches", "1", "--offline"] + db).status == 0)
        for arguments in [
            ["card", "edit", "999", "--answer", "x"], ["card", "show", "999"], ["card", "move", "999", "--to", "1"],
            ["card", "delete", "999"], ["card", "bury", "999"], ["jobs", "cancel", "999"], ["jobs", "retry", "999"],
            ["review", "999", "--rating", "good"], ["session", "next", "999"], ["session", "undo", "999"],
            ["cards", "--topic", "Nope"], ["topic", "show", "Nope"], ["topic", "rename", "Nope", "New"],
            ["quiz", "--topic", "Nope"],
        ] {
            let error = try await failure(check, arguments + db, code: "not_found", status: 65)
            #expect((error["message"] as? String)?.contains(arguments.contains("Nope") ? "Nope" : "999") == true)
        }
        try await check.validate()
    }

    @Test func conflictsAndBadInputHaveTheirOwnCodes() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let check = SchemaCheck(cli)
        let add = ["card", "add", "--topic", "Algebra", "--question", "2+2?", "--answer", "4"] + db
        #expect(try await cli.run(add).status == 0)
        _ = try await failure(check, add, code: "conflict", status: 65)
        _ = try await failure(check, ["topic", "delete", "Algebra"] + db, code: "conflict", status: 65)
        _ = try await failure(check, ["sanitize", "/no/such/reply.txt"], code: "bad_input", status: 65)
        let config = cli.directory.appendingPathComponent("config.json")
        try Data(#"{"model": 3}"#.utf8).write(to: config)
        _ = try await failure(
            check, ["--topic", "X", "--offline", "--config", config.path] + db, code: "bad_config", status: 65)
        _ = try await failure(
            check, ["export", "--topic", "Algebra", "--format", "csv"] + db, code: "usage", status: 64)
        try await check.validate()
    }
}
