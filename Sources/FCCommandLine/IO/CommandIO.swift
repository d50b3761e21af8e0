package import FCCore
import FCPipeline
package import Foundation
import Synchronization

/// What a command reads and writes outside itself: its environment, working directory, standard streams, whether
/// they are a terminal, and the clock. The process's own, unless a caller runs the command in its task with others
/// (``with(_:_:)``): the test suite runs `fcgen` commands in process that way, with their output captured, a clean
/// environment and no terminal, as it would run the binary; or with a pseudo-terminal as all three streams
/// (``init(environment:workingDirectory:terminal:)``), as a person at a terminal would.
///
/// Every read of the environment, the working directory, stdin and every write of stdout and stderr in the
/// executables goes through here, so a command in process sees exactly what a child process would.
package struct CommandIO: Sendable {
    package var environment: [String: String]
    package var workingDirectory: String
    /// Writes bytes to the command's stdout.
    package var writeOutput: @Sendable ([UInt8]) -> Void
    /// Writes bytes to the command's stderr.
    package var writeError: @Sendable ([UInt8]) -> Void
    /// The command's stdin, whole (an empty one is at its end at once).
    package var input: [UInt8]
    /// The wall clock: the machine's, or one a test pins (a run that crosses midnight must not see two days).
    package var now: Now = .system
    /// The terminal stdin, stdout and stderr all are (a descriptor open on it), or `nil` for none: then stdin is
    /// ``input`` and the output goes to the writers.
    package private(set) var terminal: Int32?

    package init(
        environment: [String: String], workingDirectory: String, input: [UInt8] = [],
        writeOutput: @escaping @Sendable ([UInt8]) -> Void, writeError: @escaping @Sendable ([UInt8]) -> Void
    ) {
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.input = input
        self.writeOutput = writeOutput
        self.writeError = writeError
    }

    /// A world whose stdin, stdout and stderr are the terminal open as `descriptor` (a pseudo-terminal's slave, say;
    /// the caller closes it after the run): the command reads keys and lines from it, writes to it, and asks it for
    /// its modes and window size, as it would its own terminal.
    package init(environment: [String: String], workingDirectory: String, terminal descriptor: Int32) {
        self.init(
            environment: environment, workingDirectory: workingDirectory,
            writeOutput: { Descriptor.write($0, to: descriptor) }, writeError: { Descriptor.write($0, to: descriptor) })
        terminal = descriptor
    }

    @TaskLocal private static var current: Box?

    /// Runs `body` with `io` as the command's world, for this task and the tasks it starts.
    package static func with<T>(_ io: CommandIO, _ body: () async throws -> T) async rethrows -> T {
        let box = Box(io)
        let input = io.terminal.map(StandardInput.reading) ?? StandardInput { limit in box.take(upTo: limit) }
        return try await $current.withValue(box) {
            try await StandardInput.$current.withValue(input) {
                try await body()
            }
        }
    }

    /// The environment variables.
    package static var environment: [String: String] {
        current?.io.environment ?? ProcessInfo.processInfo.environment
    }

    /// The wall clock every command reads ("today", review and token times).
    package static var now: Now { current?.io.now ?? .system }

    /// What ``now`` says it is.
    package static var currentDate: Date { now() }

    /// The working directory's path.
    package static var workingDirectory: String {
        current?.io.workingDirectory ?? FileManager.default.currentDirectoryPath
    }

    /// Whether the command runs in the process's own world (not a caller's, ``with(_:_:)``): a child it starts may
    /// then have the process's own standard streams.
    package static var isProcessWorld: Bool { current == nil }

    /// Whether `descriptor` (STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO) is a terminal; in a caller's world only when
    /// it gave one.
    package static func isTerminal(_ descriptor: Int32) -> Bool {
        terminal(for: descriptor) != nil
    }

    /// The descriptor to read, and to ask for modes (`tcgetattr`, `tcsetattr`) and window size, in place of the
    /// standard stream `descriptor` when that stream is a terminal: `descriptor` itself in the process's world, the
    /// caller's ``terminal`` in its world; `nil` when it is no terminal.
    package static func terminal(for descriptor: Int32) -> Int32? {
        let candidate: Int32? = if let current { current.io.terminal } else { descriptor }
        guard let candidate, isatty(candidate) != 0 else { return nil }
        return candidate
    }

    /// Writes to stdout.
    package static func writeOutput(_ bytes: [UInt8]) {
        if let current { current.io.writeOutput(bytes) } else { FileHandle.standardOutput.write(Data(bytes)) }
    }

    /// Writes to stderr.
    package static func writeError(_ bytes: [UInt8]) {
        if let current { current.io.writeError(bytes) } else { FileHandle.standardError.write(Data(bytes)) }
    }

    /// Sends the interactive conversation (`learn`, `quiz`) to stderr from now on, for the rest of the command: with
    /// `--json` stdout holds the one document.
    package static func divertConversation() {
        if let current { current.diverted.withLock { $0 = true } } else { processDiverted.withLock { $0 = true } }
    }

    /// Whether ``divertConversation()`` was called.
    package static var conversationDiverted: Bool {
        if let current { current.diverted.withLock { $0 } } else { processDiverted.withLock { $0 } }
    }

    private static let processDiverted = Mutex(false)

    /// The next line of stdin without its line feed; `nil` at its end.
    package static func readLine() -> String? {
        guard let current else { return Swift.readLine() }
        return current.nextLine()
    }

    /// The rest of stdin.
    package static func readAll() -> [UInt8] {
        guard let current else { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        return current.rest()
    }

    /// A caller's world and how far its stdin has been read.
    private final class Box: Sendable {
        let io: CommandIO
        let diverted = Mutex(false)
        private let offset = Mutex(0)

        init(_ io: CommandIO) { self.io = io }

        func nextLine() -> String? {
            if let terminal = io.terminal { return Descriptor.readLine(terminal) }
            return offset.withLock { offset in
                guard offset < io.input.count else { return nil }
                let rest = io.input[offset...]
                let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? io.input.endIndex
                offset = min(end + 1, io.input.count)
                return String(decoding: io.input[rest.startIndex..<end], as: UTF8.self)
            }
        }

        /// At most `limit` bytes of what is left of stdin.
        func take(upTo limit: Int) -> [UInt8] {
            offset.withLock { offset in
                let start = min(offset, io.input.count)
                let end = start + min(max(limit, 0), io.input.count - start)
                offset = end
                return Array(io.input[start..<end])
            }
        }

        func rest() -> [UInt8] {
            if let terminal = io.terminal { return Descriptor.readAll(terminal) }
            return offset.withLock { offset in
                defer { offset = io.input.count }
                return Array(io.input[min(offset, io.input.count)...])
            }
        }
    }
}
