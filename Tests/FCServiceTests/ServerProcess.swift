import AsyncHTTPClient
import FCTestSupport
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// A temporary folder with a database, the built `fcgen` run against it, and `fcgen serve` as a subprocess.
final class ServiceFixture: Sendable {
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
        let process = try await launch(arguments + ["--db", databasePath])
        let termination = try await process.exit()
        return (termination.status, process.standardOutput, process.standardError)
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
    /// waits for its `listening on` line (``TestPatience`` at most). Its head and idle timeouts are the tests'
    /// patience: a starved test process must not have a connection cut by them.
    func serve(_ extra: [String] = [], offline: Bool = true) async throws -> RunningServer {
        let patience = String(TestPatience.seconds)
        let process = try await launch(
            ["serve", "--port", "0", "--db", databasePath, "--header-timeout", patience, "--idle-timeout", patience]
                + (offline ? ["--offline"] : []) + extra)
        let deadline = ContinuousClock.now + TestPatience.duration
        while ContinuousClock.now < deadline {
            let stderr = process.standardError
            if let range = stderr.range(of: #"listening on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                let port = Int(stderr[range].split(separator: ":").last ?? "") ?? 0
                return RunningServer(process: process, base: "http://127.0.0.1:\(port)")
            }
            if process.hasEnded { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("fcgen serve did not start: \(process.standardError)")
        throw CancellationError()
    }

    /// Starts `fcgen-worker --db DB extra…`, the daemon beside the fixture's servers; the caller stops it.
    func worker(_ extra: [String]) async throws -> ChildProcess {
        try await launch(extra + ["--db", databasePath], executable: "fcgen-worker")
    }

    private func launch(_ arguments: [String], executable: String = "fcgen") async throws -> ChildProcess {
        try await ChildProcess.start(
            Self.binary.deletingLastPathComponent().appendingPathComponent(executable).path, arguments, in: directory,
            workingDirectory: directory,
            environment: [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path,
                "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
                "XDG_DATA_HOME": directory.appendingPathComponent("data").path, "LANG": "C.UTF-8",
            ])
    }
}
