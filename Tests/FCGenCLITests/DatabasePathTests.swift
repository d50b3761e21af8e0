import FCTestSupport
import Foundation
import Testing

/// A mistyped `--db` is reported, not turned into a new empty database; a file that is not a database is refused
/// plainly.
@Suite(.serialized)
struct DatabasePathTests {
    /// Commands that only read or change what is stored.
    static let readers: [[String]] = [
        ["topics"], ["cards", "--topic", "Rome"], ["batches", "--topic", "Rome"], ["stats"], ["due"], ["profile"],
        ["export", "--topic", "Rome", "--format", "csv"], ["jobs"], ["topic", "show", "Rome"], ["card", "show", "1"],
        ["card", "edit", "1", "--answer", "x"], ["card", "delete", "1"], ["topic", "set", "Rome", "--color", "red"],
        ["user", "show"], ["challenges"], ["boxes"], ["achievements"], ["leaderboard"],
        ["review", "1", "--rating", "good"], ["session", "start", "--topic", "Rome"],
        ["token", "create", "--user", "ana"], ["token", "list"], ["boxes", "open", "1:2"], ["invite", "create"],
        ["password-reset", "create", "--user", "ana"],
    ]

    @Test func readOnlyCommandsSayTheDatabaseDoesNotExistAndCreateNothing() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let missing = cli.directory.appendingPathComponent("typo/data/fcgen.sqlite").path
        for command in Self.readers {
            let result = try await cli.finish(command + ["--db", missing])
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(
                result.stderr
                    == "fcgen: error: no database at \(missing): check --db or FCGEN_DB (generate, import, card add or"
                    + " topic add create one)\n", "\(command)")
            #expect(result.stdout.isEmpty, "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("typo").path))
        // The default location is no different: nothing appears under XDG_DATA_HOME either.
        let defaulted = try await cli.finish(["topics"])
        #expect(defaulted.status == 65 && defaulted.stderr.contains("no database at"))
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("data").path))
    }

    @Test func commandsThatStoreSomethingNewCreateIt() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let deck = cli.directory.appendingPathComponent("deck.csv")
        try Data("Q;A\n".utf8).write(to: deck)
        let writers: [[String]] = [
            ["topic", "add", "Rome"], ["card", "add", "--topic", "Rome", "--question", "Q", "--answer", "A"],
            ["import", deck.path, "--topic", "Rome"], ["--topic", "Roman history", "--batches", "1", "--offline"],
            ["user", "set", "--tz", "UTC"],
        ]
        for (index, command) in writers.enumerated() {
            let path = cli.directory.appendingPathComponent("new-\(index)/fcgen.sqlite").path
            let result = try await cli.finish(command + ["--db", path])
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: path), "\(command)")
            #expect(try await cli.finish(["topics", "--db", path]).status == 0)
        }
    }

    @Test func aFileThatIsNotADatabaseIsRefusedPlainly() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let notes = cli.directory.appendingPathComponent("notes.txt")
        let text = Data(String(repeating: "shopping list: bread, milk\n", count: 200).utf8)
        try text.write(to: notes)
        let deck = cli.directory.appendingPathComponent("deck.csv")
        try Data("Q;A\n".utf8).write(to: deck)
        for command in [["topics"], ["topic", "add", "Rome"], ["import", deck.path, "--topic", "Rome"]] {
            let result = try await cli.finish(command + ["--db", notes.path])
            #expect(result.status == 65, "\(command)")
            #expect(
                result.stderr
                    == "fcgen: error: \(notes.path) is not an fcgen database: it is not an SQLite database; check --db"
                    + " or FCGEN_DB\n", "\(command)")
        }
        #expect(try Data(contentsOf: notes) == text, "the file is left as it was")

        let directory = cli.directory.appendingPathComponent("a-folder")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let result = try await cli.finish(["topics", "--db", directory.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(directory.path) is not an fcgen database: it is a directory"))
    }
}
