import FCStore
import Foundation
import Testing

/// The schema's history is data: one `.sql` file per version and engine, each listed once, in order.
struct MigrationHistoryTests {
    /// `Sources/FCStore/Migrations/`, found from this file's place in the repository.
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/FCStore/Migrations")

    /// The files of one engine's folder, by version, with the name part of the file name.
    private static func files(_ engine: String, in subfolder: String) throws -> [Int: (slug: String, sql: String)] {
        let directory = folder.appendingPathComponent(subfolder)
        var found: [Int: (slug: String, sql: String)] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let parts = name.split(separator: "-", maxSplits: 2).map(String.init)
            try #require(parts.count == 3 && parts[0] == engine && name.hasSuffix(".sql"), "odd file name \(name)")
            let version = try #require(Int(parts[1]), "no version in \(name)")
            #expect(parts[1].count == 4, "\(name): versions take four digits, so the folder lists in order")
            #expect(found[version] == nil, "two files for version \(version) in \(subfolder)")
            let sql = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            found[version] = (String(parts[2].dropLast(4)), sql)
        }
        return found
    }

    /// The name recorded in `schema_migrations`, as a file name writes it.
    private static func slug(_ name: String) -> String {
        name.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: "_", with: "-")
    }

    @Test func versionsRunFromOneWithoutGaps() {
        #expect(Migration.all.map(\.version) == Array(1...Migration.all.count))
        #expect(Migration.latestVersion == Migration.all.count)
    }

    @Test func bothEnginesShareVersionsAndNames() {
        #expect(Migration.postgres.map(\.version) == Migration.all.map(\.version))
        #expect(Migration.postgres.map(\.name) == Migration.all.map(\.name))
    }

    @Test(arguments: [("sqlite", "SQLite"), ("postgres", "PostgreSQL")])
    func everyFileIsListedOnceWithItsOwnText(engine: String, subfolder: String) throws {
        let files = try Self.files(engine, in: subfolder)
        let list = engine == "sqlite" ? Migration.all : Migration.postgres
        #expect(
            Set(files.keys) == Set(list.map(\.version)), "a file without a row in Migration.history, or the reverse")
        for migration in list {
            let file = try #require(files[migration.version])
            #expect(file.slug == Self.slug(migration.name), "version \(migration.version)'s file and name disagree")
            #expect(migration.sql == file.sql, "version \(migration.version) does not embed its own file")
        }
    }
}
