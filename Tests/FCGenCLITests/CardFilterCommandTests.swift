import Foundation
import Testing

/// `fcgen cards --topic T` with the deck listing's filters (`--search`, `--kind`, `--flag`, `--due`, `--suspended`),
/// which read the same query as `GET /v1/topics/{id}/cards?q=…`; a bad value is a usage error naming the flag.
struct CardFilterCommandTests {
    private func ids(_ cli: CLIRunner, _ arguments: [String]) async throws -> [Int] {
        let listed = try await cli.run(["cards", "--topic", "Rome", "--json", "--db", cli.databasePath] + arguments)
        #expect(listed.status == 0, "\(arguments): \(listed.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
        return (object?["cards"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
    }

    @Test func theDeckIsSearchedAndFilteredAsTheAPIDoesIt() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        var added: [Int] = []
        for card in [
            ["--question", "Who founded Rome?", "--answer", "Romulus"],
            ["--kind", "cloze", "--question", "{{c1::Remus}} was his twin"],
            ["--question", "When?", "--answer", "753 BC", "--explanation", "By tradition, per VARRO"],
        ] {
            let made = try await cli.run(["card", "add", "--topic", "Rome", "--json"] + card + db)
            #expect(made.status == 0, "stderr: \(made.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: Any]
            added += (object?["cards"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        }
        try #require(added.count == 3)
        #expect(try await cli.run(["card", "suspend", String(added[0])] + db).status == 0)

        #expect(try await ids(cli, []) == added)
        #expect(try await ids(cli, ["--search", "ROMULUS"]) == [added[0]])
        #expect(try await ids(cli, ["--search", "varro"]) == [added[2]], "the explanation is searched")
        #expect(try await ids(cli, ["--kind", "cloze"]) == [added[1]])
        #expect(try await ids(cli, ["--flag", "suspended"]) == [added[0]])
        #expect(try await ids(cli, ["--suspended", "false"]) == [added[1], added[2]])
        #expect(try await ids(cli, ["--flag", "suspended", "--user", "someone-else"]).isEmpty, "a learner's own flags")
        #expect(try await ids(cli, ["--due", "true"]).isEmpty, "nothing studied, nothing due")
        #expect(try await ids(cli, ["--due", "false", "--kind", "question"]) == [added[0], added[2]])

        for (arguments, flag) in [
            (["--search", String(repeating: "x", count: 201)], "--search"), (["--flag", "starred"], "--flag"),
            (["--kind", "poem"], "--kind"), (["--due", "yes"], "--due"),
        ] {
            let refused = try await cli.run(["cards", "--topic", "Rome"] + arguments + db)
            #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains(flag), "\(arguments): \(refused.stderr)")
        }
    }
}
