import ArgumentParser
import FCCommandLine
import FCCore
import FCTestSupport
import Foundation
import Synchronization

@testable import fcgen
@testable import fcgen_worker

/// Runs `fcgen` commands as a user or a script would: in this process (``FCGen/status(running:in:)`` with their
/// own environment, stdin, stdout and stderr, no terminal; or on a pseudo-terminal, ``runOnTerminal(_:steps:columns:
/// environment:)``), or as the built binary in a subprocess where the process itself is the point (another working
/// directory, a copy of the binary, a launch in the background to signal).
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

    /// The clock commands read; the machine's unless a test pins its day (``Now/runningFromNoonToday()``), and then
    /// every command runs in this process, where the clock can be handed over.
    let now: Now?

    init(now: Now? = nil) throws {
        self.now = now
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
        if executable == "fcgen" && workingDirectory == Self.repositoryRoot
            && (Self.runsInProcess(arguments, stdin: stdin) || now != nil)
        {
            return await inProcess(arguments, environment: extra, stdin: stdin)
        }
        // fcgen-worker in process too: a round run in a caller's world traps no signals (the tests that signal a
        // worker launch it as a child).
        if executable == "fcgen-worker" && workingDirectory == Self.repositoryRoot && stdin == nil
            && ProcessInfo.processInfo.environment["FCGEN_TEST_CLI_SUBPROCESS"] == nil
        {
            return await inProcess(arguments, environment: extra, stdin: stdin) { arguments, io in
                await FCGenWorker.status(running: arguments, in: io)
            }
        }
        return try await ProcessSlots.shared.withSlot {
            let running = try await launch(
                executable: executable, arguments, environment: extra, stdin: stdin, workingDirectory: workingDirectory)
            return try await running.finish()
        }
    }

    /// Whether a command line can run in this process as it runs in its own: every one (stdin included: the commands
    /// and the libraries read it through `CommandIO` and `StandardInput`; help is worded to the command's `COLUMNS`,
    /// as a child without a terminal words it; `card edit` gives `$EDITOR` the command's environment and output).
    /// `FCGEN_TEST_CLI_SUBPROCESS=1` runs every command as a child, to compare.
    static func runsInProcess(_ arguments: [String], stdin: Data?) -> Bool {
        ProcessInfo.processInfo.environment["FCGEN_TEST_CLI_SUBPROCESS"] == nil
    }

    /// `fcgen arguments…` in this process, in the world ``launch(executable:_:environment:stdin:workingDirectory:)``
    /// gives the binary: the same environment, the repository root as working directory, stdin as given.
    func inProcess(
        _ arguments: [String], environment extra: [String: String], stdin: Data?,
        running command: @escaping @Sendable ([String], CommandIO) async -> Int32 = { arguments, io in
            await FCGen.status(running: arguments, in: io)
        }
    ) async -> Result {
        let output = Mutex<[UInt8]>([])
        let error = Mutex<[UInt8]>([])
        var io = CommandIO(
            environment: environment(extra), workingDirectory: Self.repositoryRoot.path,
            input: stdin.map { Array($0) } ?? [], writeOutput: { bytes in output.withLock { $0 += bytes } },
            writeError: { bytes in error.withLock { $0 += bytes } })
        io.now = now ?? .system
        // Off the cooperative pool (as wide as the machine has cores): a command's own work, as a child's did, must
        // not hold up the other tests' tasks waiting on a reply.
        let status = await withTaskExecutorPreference(CommandThreads.shared) {
            await command(arguments, io)
        }
        return Result(
            status: status, stdout: String(decoding: output.withLock { $0 }, as: UTF8.self),
            stderr: String(decoding: error.withLock { $0 }, as: UTF8.self))
    }

    /// The environment a command gets: a clean one (no keys, no user config) in the test's folder, and `extra`.
    /// Requests to a provider or an image search wait ``TestPatience`` (`timeout_s`, `image_timeout_s`), not the
    /// product's defaults, which a starved process on a loaded machine can miss; `extra` may set them otherwise.
    func environment(_ extra: [String: String]) -> [String: String] {
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": directory.path,
            "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
            "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
            "LANG": "C.UTF-8",
            "FCGEN_TIMEOUT_S": String(TestPatience.seconds),
            "FCGEN_IMAGE_TIMEOUT_S": String(TestPatience.seconds),
        ]
        environment.merge(extra) { $1 }
        return environment
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
        let child = try await ChildProcess.start(
            path, arguments, in: directory, workingDirectory: workingDirectory, environment: environment(extra),
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

/// The threads in-process commands run on: threads of their own (``FCTestSupport/DedicatedThreads``), not the
/// cooperative pool the rest of the suite shares (2 threads on a 2-core machine), which any dispatch queue runs on too.
enum CommandThreads {
    static let shared = DedicatedThreads(count: 4, name: "fcgen-command")
}
