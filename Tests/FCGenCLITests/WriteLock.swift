import FCTestSupport
import Foundation

/// Holds SQLite's write lock on a database from another process, the way a second writer in the middle of a
/// transaction would, so a test can watch the binaries run into their busy timeout.
///
/// Python's `sqlite3` (python3 already runs the loopback test server) opens the file and runs `BEGIN IMMEDIATE`;
/// the lock lasts until ``release()`` closes the helper's stdin, and the helper exits on its own if the test dies.
struct WriteLock {
    private let process: Process
    private let input: Pipe

    private static let script = """
        import sqlite3, sys
        connection = sqlite3.connect(sys.argv[1], isolation_level=None)
        connection.execute("BEGIN IMMEDIATE")
        print("locked", flush=True)
        sys.stdin.read()
        connection.execute("ROLLBACK")
        """

    /// Takes the write lock on the database at `path`; returns once it is held.
    init(path: String) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, path]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // One short line, written as soon as the lock is held (a few milliseconds).
        var received = Data()
        while !received.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            received.append(chunk)
        }
        guard String(decoding: received, as: UTF8.self).hasPrefix("locked") else {
            process.terminate()
            throw LockFailed(output: String(decoding: received, as: UTF8.self))
        }
    }

    /// Rolls the transaction back and waits for the helper to exit.
    func release() {
        try? input.fileHandleForWriting.close()
        process.waitForExit()
    }

    struct LockFailed: Error, CustomStringConvertible {
        var output: String
        var description: String { "python3 could not take the write lock: \(output)" }
    }
}
