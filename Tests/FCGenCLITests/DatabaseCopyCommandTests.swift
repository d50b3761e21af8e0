import Foundation
import Testing

/// `fcgen db copy` as a user runs it (SQLite to SQLite here; the engine round trip is in FCStoreTests).
struct DatabaseCopyCommandTests {
    @Test func copiesIntoAnEmptyStoreAndRefusesAFullOne() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let source = ["--db", cli.databasePath]
        #expect(try await cli.run(["--topic", "Roman history", "--batches", "1", "--offline"] + source).status == 0)
        let copy = cli.directory.appendingPathComponent("copy.sqlite").path

        let check = SchemaCheck(cli)
        let document = try check.object(
            try await check.run(["db", "copy", "--from", cli.databasePath, "--to", copy], schema: "db-copy"))
        try await check.validate()
        let tables = try #require(document["tables"] as? [[String: Any]])
        let cards = try #require(tables.first { $0["name"] as? String == "cards" })
        #expect((cards["rows"] as? Int ?? 0) > 0)
        #expect(
            try await cli.run(["cards", "--topic", "Roman history", "--db", copy]).stdout
                == cli.run(["cards", "--topic", "Roman history"] + source).stdout)

        let again = try await cli.run(["db", "copy", "--from", cli.databasePath, "--to", copy])
        #expect(again.status == 65, "stderr: \(again.stderr)")
        #expect(again.stderr.contains("is not empty (table topics has rows)"))
    }
}
