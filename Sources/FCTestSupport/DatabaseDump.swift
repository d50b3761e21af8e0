package import Foundation

/// The whole content of an SQLite database as SQL text (schema and every row of every table), from Python's
/// `sqlite3` `iterdump()` in `Tests/Support/dump_db.py`: a test takes one before and one after a command that must
/// change nothing, and compares them.
///
/// ```swift
/// let before = try await DatabaseDump.dump(path)
/// // … a failed import, a dry run …
/// #expect(try await DatabaseDump.dump(path) == before)
/// ```
///
/// The file is opened read-only; a path where nothing is dumps as `<missing>\n` (and stays missing).
package enum DatabaseDump {
    /// The script, found from this file's location: `Sources/FCTestSupport/` → `../../Tests/Support/`.
    package static var scriptURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Support/dump_db.py")
    }

    /// The dump of the database at `path` (the script is a ``ChildProcess``: awaited, holding no thread).
    package static func dump(_ path: String) async throws -> String {
        let dumped = try await ChildProcess.run("/usr/bin/env", ["python3", scriptURL.path, path])
        guard dumped.termination == .exited(0) else { throw DumpFailed(message: dumped.error) }
        return dumped.output
    }

    /// The dump script failed (its stderr).
    package struct DumpFailed: Error, CustomStringConvertible {
        package var message: String
        package var description: String { "dump_db.py failed: \(message)" }
    }
}
