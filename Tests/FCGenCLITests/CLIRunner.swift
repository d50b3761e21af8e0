import FCTestSupport
import Foundation

/// Runs the built `fcgen` (or `fcgen-worker`) binary as a subprocess, the way a user or a script would.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The build products folder: the test bundle lives next to the executables SwiftPM built.
    static var productsDirectory: URL {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        // `swift test` runs `…/debug/fcgenPackageTests.xctest`; on some layouts the binary sits inside the bundle.
        while directory.path != "/"
            && !FileManager.default.fileExists(atPath: directory.appendingPathComponent("fcgen").path)
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }

    /// A fresh temporary folder with the database path used by one test.
    let directory: URL
    var databasePath: String { directory.appendingPathComponent("fcgen.sqlite").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `fcgen arguments…` from the repository root with a clean environment (no keys, no user config).
    func run(
        _ arguments: [String],
        environment extra: [String: String] = [:],
        stdin: Data? = nil,
        workingDirectory: URL = CLIRunner.repositoryRoot
    ) async throws -> Result {
        try await run(
            executable: "fcgen", arguments, environment: extra, stdin: stdin, workingDirectory: workingDirectory)
    }

    /// Runs a built executable (`fcgen` or `fcgen-worker`, or an absolute path to a copy) to completion, waiting
    /// off the cooperative pool (see ``Running/finish()``).
    func run(
        executable: String,
        _ arguments: [String],
        environment extra: [String: String] = [:],
        stdin: Data? = nil,
        workingDirectory: URL = CLIRunner.repositoryRoot
    ) async throws -> Result {
        try await ProcessSlots.shared.withSlot {
            let running = try await launch(
                executable: executable, arguments, environment: extra, stdin: stdin, workingDirectory: workingDirectory)
            return try await running.finish()
        }
    }

    /// Starts a built executable in the background, for tests that signal it or run several at once.
    func launch(
        executable: String,
        _ arguments: [String],
        environment extra: [String: String] = [:],
        stdin: Data? = nil,
        workingDirectory: URL = CLIRunner.repositoryRoot
    ) async throws -> Running {
        // A bare name is a build product; an absolute path is a copy elsewhere (the "installed binary" tests).
        let path =
            executable.hasPrefix("/") ? executable : Self.productsDirectory.appendingPathComponent(executable).path
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": directory.path,
            "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
            "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
            "LANG": "C.UTF-8",
        ]
        environment.merge(extra) { $1 }
        let child = try await ChildProcess.start(
            path, arguments, in: directory, workingDirectory: workingDirectory, environment: environment,
            input: stdin.map { Array($0) } ?? [])
        return Running(child: child)
    }

    /// A launched executable (``ChildProcess``: its exit is awaited without holding a thread).
    struct Running: Sendable {
        let child: ChildProcess

        var processIdentifier: Int32 { child.processIdentifier }

        /// Sends `signal` (SIGTERM, SIGKILL, …).
        func send(_ signal: Int32) { child.send(signal) }

        /// Whether it has ended.
        var hasExited: Bool { child.hasEnded }

        /// What it wrote to stderr so far.
        var stderr: String { child.standardError }

        /// Waits for the exit and collects the output.
        func finish() async throws -> Result {
            let termination = try await child.exit()
            return Result(status: termination.status, stdout: child.standardOutput, stderr: child.standardError)
        }
    }
}
