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

    /// The dump of the database at `path`. The script runs (and is waited for) on a thread of its own
    /// (``onOwnThread(_:)``), not on a cooperative thread: a blocked one stalls every other test.
    package static func dump(_ path: String) async throws -> String {
        try await onOwnThread { try dumpBlocking(path) }
    }

    private static func dumpBlocking(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptURL.path, path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read before waiting: a large dump would otherwise fill the pipe and block the script.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitForExit()
        guard process.terminationStatus == 0 else {
            throw DumpFailed(message: String(decoding: problem, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The dump script failed (its stderr).
    package struct DumpFailed: Error, CustomStringConvertible {
        package var message: String
        package var description: String { "dump_db.py failed: \(message)" }
    }
}
