import Foundation

/// A unique, empty directory for one test's database file; removed (with the `-wal` and `-shm` files SQLite
/// leaves next to the database) when the value goes away.
///
/// ```swift
/// @Test func storesABatch() async throws {
///     let database = TemporaryDatabase()
///     let store = try Store(path: database.path, now: .constant(fixedDate))
///     …
/// }
/// ```
///
/// Each instance gets its own directory under the system temporary directory, so tests that run in parallel never
/// share a file, and a test can put further files (a second database, a nested path) next to ``path``.
package final class TemporaryDatabase: Sendable {
    /// The directory that holds the database; deleted with everything in it.
    package let directory: String
    /// The database file path: `<directory>/test.sqlite`. The file does not exist until something opens it.
    package let path: String

    /// Makes a fresh directory. `label` (the calling function's name by default) only makes the directory name
    /// easier to recognise when a test leaves it behind after a crash.
    package init(label: String = #function) {
        let safeLabel = String(label.prefix(40).map { $0.isLetter || $0.isNumber ? $0 : "-" })
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("fcgen-tests", isDirectory: true)
            .appendingPathComponent("\(safeLabel)-\(UUID().uuidString)", isDirectory: true)
        // If this fails, opening the database will report it with the path, which is the better message.
        try? FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        directory = base.path
        path = base.appendingPathComponent("test.sqlite").path
    }

    /// A path inside ``directory``, e.g. `path(named: "a/b/other.sqlite")`, for tests that need more than one file.
    package func path(named relativePath: String) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(relativePath).path
    }

    /// The database file and its WAL companions; handy for asserting what exists on disk.
    package var files: [String] { [path, path + "-wal", path + "-shm"] }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
