import FCTestSupport
import Foundation
import Testing

/// Every refusal a newcomer meets names what to do next: the typo and the flag meant, the missing directory, the
/// unknown box; and a refused command writes nothing.
struct FirstHourMessageTests {
    @Test func aTypoInAFlagIsNamedBeforeTheRequiredFlagItMisspells() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        for command in [["cards", "--topik", "X"], ["import", "deck.csv", "--topik", "X"], ["--topik", "X"]] {
            let result = try await cli.run(command + ["--db", cli.databasePath])
            #expect(result.status == 64, "\(command)")
            #expect(
                result.stderr.hasPrefix("fcgen: error: Unknown option '--topik'. Did you mean '--topic'?\n"),
                "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("Missing expected argument"), "\(command)")
        }
        let json = try await cli.run(["cards", "--topik=X", "--json"])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let error = try #require(document["error"] as? [String: Any])
        #expect(error["argument"] as? String == "--topik" && error["suggestion"] as? String == "--topic")
    }

    @Test func theWorkerWordsUsageErrorsAsFcgenDoes() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let both = try await cli.run(executable: "fcgen-worker", ["--once", "--interval", "5m"])
        #expect(both.status == 64)
        #expect(
            both.stderr.hasPrefix("fcgen-worker: error: give exactly one of --once or --interval\n"), "\(both.stderr)")
        #expect(!both.stderr.contains("Error:"))
        let typo = try await cli.run(executable: "fcgen-worker", ["--onec"])
        #expect(typo.status == 64)
        #expect(typo.stderr.hasPrefix("fcgen-worker: error: Unknown option '--onec'. Did you mean '--once'?\n"))
    }

    @Test func replayHelpUsesTheRatingWordsOfReview() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let help = try await cli.run(["scheduler", "replay", "--help"])
        #expect(help.status == 0)
        let text = help.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        #expect(text.contains("1 again, 2 hard, 3 good, 4 easy"), "\(help.stdout)")
        #expect(!help.stdout.contains("Difficult") && !help.stdout.contains("Fail"))
    }

    @Test func importRefusesStandardInputAsAUsageError() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(["import", "-", "--topic", "Rome", "--db", cli.databasePath])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "fcgen: error: <file>: import reads a deck file, not standard input ('-'); save the deck to a file"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test func exportNamesTheMissingDirectory() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        #expect(try await cli.run(["topic", "add", "Rome"] + db).status == 0)
        let directory = cli.directory.appendingPathComponent("missing/dir").path
        let result = try await cli.run(
            ["export", "--topic", "Rome", "--format", "csv", "--out", directory + "/x.csv"] + db)
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "fcgen: error: \(directory)/x.csv: cannot be written (--out): the directory \(directory) does not "
                + "exist; create it first or choose another path\n")
    }

    @Test func openingAnUnknownBoxFailsNamingIt() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        #expect(try await cli.run(["user", "set", "--tz", "UTC"] + db).status == 0)
        let result = try await cli.run(["boxes", "open", "1:2"] + db)
        #expect(result.status == 65)
        #expect(result.stderr == "fcgen: error: no mystery box 1:2 (see: fcgen boxes)\n")
        let json = try await cli.run(["boxes", "open", "1:2", "9:9", "--json"] + db)
        #expect(json.status == 65)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((document["error"] as? [String: Any])?["code"] as? String == "not_found")
        #expect(json.stderr.contains("no mystery boxes 1:2, 9:9"))
    }

    @Test func refusedCommandsWriteNothing() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        // A missing API key is found before the database is created.
        let generate = try await cli.run(["--topic", "X", "--provider", "anthropic", "--db", cli.databasePath])
        #expect(generate.status == 64)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        // A review dated in the future is refused before the learner's row is written.
        let db = ["--db", cli.databasePath]
        #expect(
            try await cli.run(["card", "add", "--topic", "Rome", "--question", "Q", "--answer", "A"] + db).status == 0)
        let before = try await DatabaseDump.dump(cli.databasePath)
        let review = try await cli.run(
            ["review", "1", "--rating", "good", "--at", "2999-01-01T00:00:00Z", "--user", "newcomer"] + db)
        #expect(review.status == 64, "\(review.stderr)")
        #expect(review.stderr.contains("--at"))
        #expect(try await DatabaseDump.dump(cli.databasePath) == before)
    }
}
