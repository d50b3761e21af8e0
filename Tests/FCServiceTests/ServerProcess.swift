import AsyncHTTPClient
import FCTestSupport
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// A temporary folder with a database, the built `fcgen` run against it, and `fcgen serve` as a subprocess.
final class ServiceFixture: Sendable {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The build products folder: the test bundle lives next to the executables SwiftPM built.
    static var binary: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        while directory.path != "/"
            && !FileManager.default.fileExists(atPath: directory.appendingPathComponent("fcgen").path)
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("fcgen")
    }

    let directory: URL
    /// A `postgres://` URL when the fixture's store is a PostgreSQL database instead of the folder's SQLite file.
    let databaseURL: String?
    /// What `--db` gets: the SQLite file in the folder, or ``databaseURL``.
    var databasePath: String { databaseURL ?? directory.appendingPathComponent("fcgen.sqlite").path }

    init(database: String? = nil) throws {
        databaseURL = database
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Runs `fcgen arguments… --db DB` to completion; returns status, stdout, stderr.
    func fcgen(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        let process = try launch(arguments + ["--db", databasePath])
        await process.exit()
        return (process.process.terminationStatus, process.stdout, process.stderr)
    }

    /// Creates the fixture's SQLite database when it does not exist yet, with nothing in it but `user` (no time
    /// zone, as `token create` would add them): `token create` refuses a database that does not exist.
    func ensureDatabase(user: String = "local") async throws {
        guard databaseURL == nil, !FileManager.default.fileExists(atPath: databasePath) else { return }
        let created = try await fcgen(["user", "set", "--no-tz", "--user", user])
        #expect(created.status == 0, "\(created.stderr)")
    }

    /// A new token for `user` (`--admin` when `admin`), from `fcgen token create --json`.
    func token(user: String, admin: Bool = false) async throws -> String {
        try await ensureDatabase(user: user)
        let result = try await fcgen(["token", "create", "--user", user, "--json"] + (admin ? ["--admin"] : []))
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require(object?["secret"] as? String)
    }

    /// Starts `fcgen serve --port 0 --db DB --offline extra…` (without `--offline` when `offline` is false) and
    /// waits for its `listening on` line.
    func serve(_ extra: [String] = [], offline: Bool = true) async throws -> RunningServer {
        let process = try launch(
            ["serve", "--port", "0", "--db", databasePath] + (offline ? ["--offline"] : []) + extra)
        for _ in 0..<1200 {
            if let range = process.stderr.range(
                of: #"listening on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression)
            {
                let port = Int(process.stderr[range].split(separator: ":").last ?? "") ?? 0
                return RunningServer(process: process, base: "http://127.0.0.1:\(port)")
            }
            if !process.process.isRunning { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("fcgen serve did not start: \(process.stderr)")
        throw CancellationError()
    }

    private func launch(_ arguments: [String]) throws -> ChildProcess {
        try ChildProcess(executable: Self.binary, arguments: arguments, directory: directory)
    }
}

/// A launched child whose output goes to files (a chatty child never blocks on a full pipe).
final class ChildProcess: @unchecked Sendable {
    let process = Process()
    let outURL: URL
    let errURL: URL

    init(executable: URL, arguments: [String], directory: URL) throws {
        let name = UUID().uuidString
        outURL = directory.appendingPathComponent("\(name).out")
        errURL = directory.appendingPathComponent("\(name).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path,
            "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
            "XDG_DATA_HOME": directory.appendingPathComponent("data").path, "LANG": "C.UTF-8",
        ]
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var stdout: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }

    /// Waits for the exit on a global queue, never blocking a cooperative thread.
    func exit() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                self.process.waitForExit()
                continuation.resume()
            }.start()
        }
    }
}
