import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The tests' before/after dump (``DatabaseDump``) sees a new row and a changed value, and nothing else: a dump that missed them would let "nothing was written" checks pass for any command.
struct DatabaseDumpTests {
    @Test func aDumpChangesWithARowAndAValueAndOnlyThen() async throws {
        // A SQLite file of its own: the dump reads files (the engine-contract run makes TemporaryDatabase PostgreSQL).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dump-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = (path: folder.appendingPathComponent("fcgen.sqlite").path, ())
        #expect(try await DatabaseDump.dump(database.path + ".none") == "<missing>\n")
        let store = try await Store.open(path: database.path, now: .system)
        let first = try await DatabaseDump.dump(database.path)
        #expect(first.contains("CREATE TABLE"))
        #expect(try await DatabaseDump.dump(database.path) == first, "the same database, the same dump")

        let topic = try await Topics.ensure(on: store, named: "O'Brien's topic")
        let withRow = try await DatabaseDump.dump(database.path)
        #expect(withRow != first && withRow.contains("'O''Brien''s topic'"))

        _ = try await Topics.rename(on: store, id: topic.id, to: "Another")
        let renamed = try await DatabaseDump.dump(database.path)
        #expect(renamed != withRow && renamed.contains("'Another'") && !renamed.contains("O''Brien"))
    }
}
