import FCStore
import FCTestSupport
import Foundation

/// One engine the `engines` benchmark measures: where a fresh, empty database comes from, and how it goes away.
struct EngineTarget: Sendable {
    /// A fresh database for one workload.
    struct Database: Sendable {
        /// What `Store.open(path:now:)` and `--db` take: a file path or a `postgres://` URL.
        var location: String
        /// Brings the planner's statistics up to date after a bulk load (`ANALYZE` on PostgreSQL, as autovacuum
        /// would soon after; nothing on SQLite, whose hot query names its index).
        var analyze: @Sendable () async throws -> Void
        /// Removes the file or drops the database.
        var remove: @Sendable () async -> Void
    }

    /// `sqlite` or `postgres`: the first part of each metric's name.
    var name: String
    /// What the figures were measured on, for the progress lines.
    var detail: String
    var makeDatabase: @Sendable (_ label: String) async throws -> Database

    /// Temporary files in WAL mode, as fcgen keeps its store by default.
    static let sqlite = EngineTarget(name: "sqlite", detail: "a WAL file in the temporary directory") { label in
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-bench-\(label)-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return Database(
            location: directory.appendingPathComponent("\(label).sqlite").path, analyze: {},
            remove: { try? FileManager.default.removeItem(at: directory) })
    }

    /// A scratch database per workload on the server `serverURL` names, dropped afterwards.
    static func postgres(serverURL: String) throws -> EngineTarget {
        // Parsed once up front: a bad URL fails before any measuring, named without its password.
        let shown = try PostgresTarget(url: serverURL).description
        return EngineTarget(name: "postgres", detail: shown) { label in
            let database = try await ScratchPostgresDatabase.create(on: serverURL, label: "bench\(label)")
            return Database(
                location: database.url, analyze: { try await database.execute("ANALYZE") },
                remove: { await database.drop() })
        }
    }
}
