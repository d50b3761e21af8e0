import FCTestSupport
import Foundation
import Testing

/// A dry run or a failed import or generation changes nothing: the whole database dumps the same before and after.
@Suite(.serialized)
struct ImportDebrisTests {
    /// A database with a topic, a card and a learner, so "unchanged" covers more than empty tables.
    private func seeded(_ cli: CLIRunner) async throws -> [String] {
        let db = ["--db", cli.databasePath]
        #expect(
            try await cli.finish(["card", "add", "--topic", "Rome", "--question", "Q", "--answer", "A"] + db).status
                == 0)
        #expect(try await cli.finish(["user", "set", "--tz", "Europe/Rome"] + db).status == 0)
        return db
    }

    private func file(_ cli: CLIRunner, _ name: String, _ bytes: [UInt8]) throws -> String {
        let url = cli.directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test func dryRunsAndFailedImportsChangeNothing() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = try await seeded(cli)
        let before = try await DatabaseDump.dump(cli.databasePath)
        #expect(before.contains("INSERT INTO \"topics\""))

        let good = try file(cli, "good.csv", Array("Q1;A1\nQ2;A2;;yes\n".utf8))
        let dry = try await cli.finish(["import", good, "--topic", "New topic", "--dry-run"] + db)
        #expect(dry.status == 0, "stderr: \(dry.stderr)")
        #expect(
            dry.stdout.hasPrefix("dry run: would import 3 cards (1 reversed twin) into new topic \"New topic\""))

        let cases: [(String, [String], String)] = [
            ("bad rows", [try file(cli, "bad.csv", Array("Q1;A1\nbroken\n".utf8))], "2:7: expected at least 2 fields"),
            (
                "not UTF-8", [try file(cli, "latin1.csv", Array("Caf".utf8) + [0xE9] + Array(";x\n".utf8))],
                "1:4: invalid UTF-8"
            ),
            (
                "missing file", [cli.directory.appendingPathComponent("nope.csv").path],
                "cannot be opened: No such file or directory"
            ),
            (
                "empty file", [try file(cli, "empty.csv", [])],
                "no cards to import: the file is empty or holds only a header"
            ),
            ("header only", [try file(cli, "header.csv", Array("question;answer\n".utf8))], "no cards to import"),
            ("blank lines", [try file(cli, "blank.csv", Array("\n  \n\r\n".utf8))], "no cards to import"),
            (
                "all bad with --skip-bad", [try file(cli, "allbad.csv", Array("x\ny\n".utf8)), "--skip-bad"],
                "no good rows to import: all 2 rows are bad"
            ),
            (
                "a question too long",
                [try file(cli, "long.csv", Array((String(repeating: "q", count: 501) + ";A\n").utf8))],
                "1:1: the question is too long (501 characters; at most 500)"
            ),
            ("a NUL byte", [try file(cli, "nul.csv", Array("Q;A".utf8) + [0] + Array("\n".utf8))], "1:4: NUL byte"),
        ]
        for (label, arguments, message) in cases {
            let topic = arguments.contains("--topic") ? [] : ["--topic", "New topic"]
            let result = try await cli.finish(["import"] + arguments + topic + db)
            #expect(result.status == 65, "\(label): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(label): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(label)")
        }
        // A topic name that breaks the naming rule is a usage error, refused before anything is read.
        let blankTopic = try await cli.finish(["import", good, "--topic", " "] + db)
        #expect(blankTopic.status == 64, "\(blankTopic.stderr)")
        #expect(blankTopic.stderr.contains("topic name must not be empty"), "\(blankTopic.stderr)")
        #expect(try await DatabaseDump.dump(cli.databasePath) == before)
        let topics = try await cli.finish(["topics"] + db)
        #expect(!topics.stdout.contains("New topic"))
    }

    @Test func onAMissingDatabaseADryOrFailedImportCreatesNothing() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let path = cli.directory.appendingPathComponent("later/fcgen.sqlite").path
        let good = try file(cli, "good.csv", Array("Q1;A1\n".utf8))
        let bad = try file(cli, "bad.csv", Array("Q1;A1\nQ2\n".utf8))

        let dry = try await cli.finish(["import", good, "--topic", "Deck", "--dry-run", "--db", path])
        #expect(dry.status == 0 && dry.stdout.hasPrefix("dry run: would import 1 card "), "\(dry.stderr)")
        #expect(try await cli.finish(["import", bad, "--topic", "Deck", "--db", path]).status == 65)
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("later").path))

        let stored = try await cli.finish(["import", good, "--topic", "Deck", "--db", path])
        #expect(stored.status == 0 && stored.stdout.hasPrefix("imported 1 card "), "\(stored.stderr)")
        #expect(try await DatabaseDump.dump(path).contains("Q1"))
    }

    @Test func aRefusedGenerationLeavesNoTopic() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = try await seeded(cli)
        try await server.script([], default: .init(status: 401, json: #"{"error": {"message": "Incorrect API key"}}"#))
        let before = try await DatabaseDump.dump(cli.databasePath)

        let result = try await cli.finish(
            [
                "--topic", "Photosynthesis", "--batches", "2", "--base-url", server.baseURL.absoluteString + "/v1",
                "--model", "m", "--concurrency", "1",
            ] + db, environment: ["OPENAI_API_KEY": "sk-wrong"])
        #expect(result.status == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("HTTP 401"))
        #expect(try await DatabaseDump.dump(cli.databasePath) == before, "no empty topic is left behind")
    }
}
