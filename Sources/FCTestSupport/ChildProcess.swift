package import Foundation
import Subprocess
import Synchronization
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// A child process of a test (the built `fcgen`, a Python reference tool, `pg_dump`), on swift-subprocess: its exit
/// is awaited through the kernel (a pidfd on Linux), so no thread spins or sleeps while it runs, and the cooperative
/// pool is never blocked.
///
/// Output goes to files, not pipes, so a chatty child never blocks on a full pipe while nobody reads it, and a test
/// can read what a running server has written so far (its "listening on" line, its request log).
///
/// ```swift
/// let child = try await ChildProcess.start("/usr/bin/python3", ["-c", "print(1)"], in: folder)
/// let exit = try await child.exit()        // .exited(0)
/// #expect(child.standardOutput == "1\n")
/// ```
package final class ChildProcess: Sendable {
    /// How a child ended.
    package enum Termination: Sendable, Equatable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it (SIGKILL is 9).
        case signalled(Int32)

        /// The exit status, or the signal's number (what `Process.terminationStatus` reported).
        package var status: Int32 {
            switch self {
            case .exited(let status), .signalled(let status): status
            }
        }

        package var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    /// The child's process id, for signals.
    package let processIdentifier: Int32
    /// The files its standard output and standard error go to.
    package let outputPath: String
    package let errorPath: String
    private let termination: Task<Termination, any Error>
    private let ended: EndMark

    private init(
        processIdentifier: Int32, outputPath: String, errorPath: String, termination: Task<Termination, any Error>,
        ended: EndMark
    ) {
        self.processIdentifier = processIdentifier
        self.outputPath = outputPath
        self.errorPath = errorPath
        self.termination = termination
        self.ended = ended
    }

    /// Starts `executable` (a path) with `arguments`; its output files are made in `folder`.
    ///
    /// - Parameters:
    ///   - workingDirectory: Where it runs; this process's current directory by default.
    ///   - environment: The whole environment of the child (nothing is inherited), or `nil` to inherit this one.
    ///   - input: Its standard input, then end of file; nothing (end of file at once) by default.
    /// - Throws: When the executable cannot be started (missing, not executable), or the files cannot be made.
    package static func start(
        _ executable: String, _ arguments: [String], in folder: URL, workingDirectory: URL? = nil,
        environment: [String: String]? = nil, input: [UInt8] = []
    ) async throws -> ChildProcess {
        Self.noteStart(of: executable)
        let name = UUID().uuidString
        let outputPath = folder.appendingPathComponent("\(name).out").path
        let errorPath = folder.appendingPathComponent("\(name).err").path
        let output = try FileDescriptor.open(
            FilePath(outputPath), .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite])
        let error: FileDescriptor
        do {
            error = try FileDescriptor.open(
                FilePath(errorPath), .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite])
        } catch {
            try? output.close()
            throw error
        }
        // Standard input is a file (or nothing), never a pipe swift-subprocess writes: its pipe writer traps when it
        // is released with its descriptor still open, which a child that ends before reading all its input (or a
        // cancelled wait) could leave behind, and a trap takes the whole test process down.
        let inputSource: InputSource
        do {
            inputSource = try InputSource(input, path: folder.appendingPathComponent("\(name).in").path)
        } catch let failure {
            try? output.close()
            try? error.close()
            throw failure
        }
        let configuration = Configuration(
            executable: .path(FilePath(executable)), arguments: Arguments(arguments),
            environment: environment.map { .custom(Self.keys($0)) } ?? .inherit,
            workingDirectory: workingDirectory.map { FilePath($0.path) })
        let (started, continuation) = AsyncStream<Int32>.makeStream()
        let ended = EndMark()
        let termination = Task<Termination, any Error> {
            defer {
                ended.flag.withLock { $0 = true }
                continuation.finish()
            }
            let status: TerminationStatus
            switch inputSource {
            case .nothing:
                status = try await Subprocess.run(
                    configuration, input: .none, output: .fileDescriptor(output, closeAfterSpawningProcess: true),
                    error: .fileDescriptor(error, closeAfterSpawningProcess: true)
                ) { execution in
                    continuation.yield(execution.processIdentifier.value)
                }.terminationStatus
            case .file(let descriptor):
                status = try await Subprocess.run(
                    configuration, input: .fileDescriptor(descriptor, closeAfterSpawningProcess: true),
                    output: .fileDescriptor(output, closeAfterSpawningProcess: true),
                    error: .fileDescriptor(error, closeAfterSpawningProcess: true)
                ) { execution in
                    continuation.yield(execution.processIdentifier.value)
                }.terminationStatus
            }
            switch status {
            case .exited(let status): return .exited(status)
            case .signaled(let signal): return .signalled(signal)
            }
        }
        // The first value is the started child's id; none means it could not start, and the task says why.
        for await processIdentifier in started {
            return ChildProcess(
                processIdentifier: processIdentifier, outputPath: outputPath, errorPath: errorPath,
                termination: termination, ended: ended)
        }
        _ = try await termination.value
        throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: executable])
    }

    /// A child's standard input: nothing (end of file at once), or a file holding the bytes, opened for reading.
    private enum InputSource {
        case nothing
        case file(FileDescriptor)

        init(_ bytes: [UInt8], path: String) throws {
            guard !bytes.isEmpty else {
                self = .nothing
                return
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            self = .file(try FileDescriptor.open(FilePath(path), .readOnly))
        }
    }

    private static func keys(_ environment: [String: String]) -> [Environment.Key: String] {
        Dictionary(
            uniqueKeysWithValues: environment.compactMap { key, value in
                Environment.Key(rawValue: key).map { ($0, value) }
            })
    }

    /// Waits for the child to end, holding no thread.
    @discardableResult
    package func exit() async throws -> Termination {
        try await termination.value
    }

    /// Sends `signal` (SIGTERM, SIGKILL, …) unless the child has been reaped already, so a recycled id is never hit.
    package func send(_ signal: Int32) {
        ended.flag.withLock { ended in
            if !ended { kill(processIdentifier, signal) }
        }
    }

    /// Whether the child has ended (and been reaped).
    package var hasEnded: Bool { ended.flag.withLock { $0 } }

    /// What it wrote to standard output and standard error so far.
    package var standardOutput: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    package var standardError: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Runs `executable` to its end and returns how it ended and what it wrote (kept in a folder of its own until
    /// then): for reference tools (Python's csv, jsonschema) and one-shot commands.
    package static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: [UInt8] = [],
        workingDirectory: URL? = nil
    ) async throws -> (termination: Termination, output: String, error: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-child-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let child = try await start(
            executable, arguments, in: folder, workingDirectory: workingDirectory, environment: environment,
            input: input)
        let termination = try await child.exit()
        return (termination, child.standardOutput, child.standardError)
    }
}

/// Whether a ``ChildProcess`` has been reaped, set by the task that awaits it.
private final class EndMark: Sendable {
    let flag = Mutex(false)
}

extension ChildProcess {
    /// With `FCGEN_TEST_CHILD_LOG=FILE`, each start appends the starting test's file and the executable to FILE: how
    /// issue 24 counts the test files that start a process (`sort -u` on the first column).
    fileprivate static func noteStart(of executable: String) {
        guard let log = ProcessInfo.processInfo.environment["FCGEN_TEST_CHILD_LOG"] else { return }
        let file = Test.current?.sourceLocation.fileID ?? "(no test)"
        let line = Array("\(file)\t\(URL(fileURLWithPath: executable).lastPathComponent)\n".utf8)
        // O_APPEND: each line is one write at the end, whole, whichever tests start children at once.
        let descriptor = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
