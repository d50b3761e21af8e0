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
            let running = try launch(
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
    ) throws -> Running {
        let process = Process()
        // A bare name is a build product; an absolute path is a copy elsewhere (the "installed binary" tests).
        process.executableURL =
            executable.hasPrefix("/")
            ? URL(fileURLWithPath: executable) : Self.productsDirectory.appendingPathComponent(executable)
        process.arguments = arguments
        process.currentDirectoryURL = workingDirectory
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": directory.path,
            "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
            "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
            "LANG": "C.UTF-8",
        ]
        environment.merge(extra) { $1 }
        process.environment = environment
        // Files, not pipes: a chatty child can never block on a full pipe while we wait for it.
        let name = UUID().uuidString
        let outURL = directory.appendingPathComponent("\(name).out")
        let errURL = directory.appendingPathComponent("\(name).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        let input = Pipe()
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        return Running(process: process, outURL: outURL, errURL: errURL)
    }

    /// A launched executable.
    struct Running {
        let process: Process
        let outURL: URL
        let errURL: URL

        var processIdentifier: Int32 { process.processIdentifier }

        /// Sends `signal` (SIGTERM, SIGKILL, …).
        func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

        /// Whether it has exited, from `/proc` (a zombie not reaped yet, or gone), or as `Process` saw it.
        ///
        /// `Process.isRunning` alone is not enough for a deadline: Foundation learns of the exit from a monitor of
        /// its own, which once lagged 20 s behind a child that had exited (status 65) under the full suite's load.
        var hasExited: Bool {
            guard process.isRunning else { return true }
            guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return true }
            // "PID (name) STATE …": the state comes after the name's closing parenthesis.
            let state = stat[stat.index(after: close)...].first { $0 != " " }
            return state == "Z" || state == "X"
        }

        /// What it wrote to stderr so far.
        var stderr: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }

        /// Waits for the exit without blocking a cooperative thread, and collects the output.
        ///
        /// `waitUntilExit()` blocks its thread; on a 2-core machine the cooperative pool has two, so a test that
        /// blocks one for seconds stalls every other test's timing. The wait runs on a global queue instead.
        func finish() async throws -> Result {
            await process.exited()
            return try wait()
        }

        /// Waits for the exit (blocking the calling thread) and collects the output.
        func wait() throws -> Result {
            process.waitForExit()
            return Result(
                status: process.terminationStatus,
                stdout: try String(contentsOf: outURL, encoding: .utf8),
                stderr: try String(contentsOf: errURL, encoding: .utf8)
            )
        }
    }
}

/// Hands a `Process` to the waiting queue. `Process` is not `Sendable`; while the queue waits, the test only reads
/// files the process wrote, never the `Process` itself.
private struct ProcessBox: @unchecked Sendable {
    let process: Process
}

extension Process {
    /// Waits for the process to exit on a global queue, never blocking a cooperative thread (see
    /// ``CLIRunner/Running/finish()``).
    func exited() async {
        let box = ProcessBox(process: self)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                box.process.waitForExit()
                continuation.resume()
            }.start()
        }
    }
}
