import FCCore
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Text from topic names, cards, imported decks, model replies and provider errors never acts on the terminal:
/// text output shows control characters escaped, topic names refuse them, `--json` escapes them the JSON way.
///
/// The limit only catches a hang: one test runs twenty `fcgen` commands, which took over 3 minutes of a full parallel
/// run on a loaded 2-core machine when each was a process waiting for one of the suite's few process slots.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct HostileTextTests {
    static let osc52 = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}"
    static let clear = "\u{1B}[2J"

    /// Whether `text` holds a control character other than line feed and tab.
    private func raw(_ text: String) -> Bool {
        text.unicodeScalars.contains { ControlCharacters.contains($0) && $0 != "\n" && $0 != "\t" }
    }

    @Test func topicNamesRefuseControlCharactersAndOverlongNames() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let deck = cli.directory.appendingPathComponent("deck.csv")
        try Data("question;answer\nQ;A\n".utf8).write(to: deck)
        for name in ["Rome\(Self.clear)", "Rome\(Self.osc52)", "Ro\rme", "Rome\nfcgen: error: forged"] {
            for arguments in [
                ["--topic", name, "--offline"], ["topic", "add", name], ["import", deck.path, "--topic", name],
                ["card", "add", "--topic", name, "--question", "Q", "--answer", "A"],
            ] {
                let result = try await cli.run(arguments + db)
                #expect(result.status == 64, "\(arguments)")
                #expect(result.stderr.contains("must not contain control characters"))
                #expect(!raw(result.stderr), "the refusal itself shows nothing raw: \(result.stderr)")
            }
        }
        #expect(try await cli.run(["topic", "add", String(repeating: "x", count: 201)] + db).status == 64)
        #expect(try await cli.run(["topic", "add", "Rome"] + db).status == 0)
        let renamed = try await cli.run(["topic", "rename", "Rome", "Rome\(Self.osc52)", "--json"] + db)
        #expect(renamed.status == 64)
        #expect(renamed.stdout.contains(#""code": "usage""#))
        #expect(renamed.stdout.contains("(found U+001B)"), "names the character, never writes it")
        #expect(!raw(renamed.stdout) && !raw(renamed.stderr))
        let store = try await Store.open(path: cli.databasePath, now: .system)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topics") == 1, "nothing was created")
    }

    @Test func cardTextAndImportedDecksAreShownEscaped() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let question = "Who?\(Self.osc52)\(Self.clear)\roverwritten"
        let added = try await cli.run(
            ["card", "add", "--topic", "T", "--question", question, "--answer", "A\u{9B}1m"] + db)
        #expect(added.status == 0, "stderr: \(added.stderr)")
        let deck = cli.directory.appendingPathComponent("deck.csv")
        try Data("question;answer\n\"Imported\u{1B}]0;pwned\u{07}\";B\n".utf8).write(to: deck)
        #expect(try await cli.run(["import", deck.path, "--topic", "T"] + db).status == 0)

        for arguments in [["card", "show", "1"], ["cards", "--topic", "T"], ["session", "start", "--topic", "T"]] {
            let shown = try await cli.run(arguments + db)
            #expect(shown.status == 0, "\(arguments): \(shown.stderr)")
            #expect(!raw(shown.stdout), "\(arguments): \(shown.stdout)")
            #expect(shown.stdout.contains("\\u{1B}"), "\(arguments): shown, escaped")
        }
        let learned = try await cli.run(["learn", "--topic", "T"] + db, stdin: Data("x\n3\nx\n3\nn\n".utf8))
        #expect(!raw(learned.stdout))
        #expect(learned.stdout.contains("Who?\\u{1B}]52;c;cm0gLXJmIH4=\\u{7}\\u{1B}[2J\\u{D}overwritten"))

        let json = try await cli.run(["card", "show", "1", "--json"] + db)
        #expect(!raw(json.stdout))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["card"] as? [String: Any])?["question"] as? String == question, "JSON keeps the text exact")
    }

    @Test func aModelReplyIsShownEscaped() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let reply = cli.directory.appendingPathComponent("reply.txt")
        try Data(#"[{"question": "Q\u001b]52;c;eA==\u0007?", "answer": "A\u001b[2J"}]"#.utf8).write(to: reply)
        let result = try await cli.run(["sanitize", reply.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(!raw(result.stdout))
        #expect(result.stdout.contains("Q\\u{1B}]52;c;eA==\\u{7}?"))
    }

    @Test func aProviderErrorBodyCannotActOnTheTerminalOrForgeALogLine() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let body = #"{"error": {"message": "bad key\u001b]52;c;eA==\u0007\u001b[2J\nfcgen: error: forged\r"}}"#
        try await server.script([], default: .init(status: 401, json: body))
        let arguments = [
            "--topic", "Photosynthesis", "--base-url", server.baseURL.absoluteString + "/v1", "--model", "m",
            "--db", cli.databasePath,
        ]
        let text = try await cli.run(arguments, environment: ["OPENAI_API_KEY": "k"])
        #expect(text.status == 1, "stderr: \(text.stderr)")
        #expect(!raw(text.stderr), "stderr: \(text.stderr)")
        #expect(text.stderr.contains("bad key\\u{1B}]52;c;eA==\\u{7}"))
        #expect(!text.stderr.split(separator: "\n").contains { $0.hasPrefix("fcgen: error: forged") })
        let json = try await cli.run(arguments + ["--json"], environment: ["OPENAI_API_KEY": "k"])
        #expect(json.status == 1)
        #expect(!raw(json.stdout) && !raw(json.stderr))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? String == "provider_rejected")
        #expect((error["message"] as? String)?.contains("bad key\u{1B}]52;c;eA==\u{07}") == true)
    }

    @Test func aTopicNameFromAnOlderDatabaseIsShownEscaped() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let store = try await Store.open(path: cli.databasePath, now: .system)
        try await store.executeInTransaction(
            "INSERT INTO topics (name, created_at) VALUES ('Old' || char(27) || '[2J' || char(13) || 'name', 0)")
        let listed = try await cli.run(["topics", "--db", cli.databasePath])
        #expect(!raw(listed.stdout))
        #expect(listed.stdout.contains("Old\\u{1B}[2J\\u{D}name"))
    }
}
