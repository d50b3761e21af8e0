import FCTestSupport
import Foundation
import Testing

/// Only regular files are read: a FIFO, a device or a symlink to one is refused at once, and input is read only
/// as far as its limit, so memory stays flat whatever the input.
@Suite(.serialized)
struct NotAFileTests {
    /// Runs `fcgen` and fails the test (killing it) if it has not finished within `seconds` (by default
    /// ``TestPatience``: a command that read a FIFO would hang, never merely be slow).
    private func run(
        _ cli: CLIRunner, _ arguments: [String], within seconds: Double = Double(TestPatience.seconds)
    ) async throws
        -> CLIRunner.Result
    {
        let running = try await cli.launch(executable: "fcgen", arguments)
        let deadline = Date().addingTimeInterval(seconds)
        while !running.hasExited && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if !running.hasExited {
            running.send(SIGKILL)
            Issue.record("fcgen \(arguments) did not finish within \(seconds) s")
        }
        return try await running.finish()
    }

    private func fifo(_ cli: CLIRunner, _ name: String) throws -> String {
        let path = cli.directory.appendingPathComponent(name).path
        #expect(mkfifo(path, 0o600) == 0)
        return path
    }

    private func link(_ cli: CLIRunner, _ name: String, to target: String) throws -> String {
        let path = cli.directory.appendingPathComponent(name).path
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        return path
    }

    @Test func cardAddRefusesAFIFOAndASymlinkToADevice() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let pipe = try fifo(cli, "photo.png")
        let fromPipe = try await run(cli, ["card", "add", "--topic", "T", "--image", pipe, "--answer", "x"] + db)
        #expect(fromPipe.status == 65)
        #expect(
            fromPipe.stderr
                == "fcgen: error: \(pipe): is a named pipe (FIFO), not a regular file; only regular files are read\n")

        let zero = try link(cli, "zero.png", to: "/dev/zero")
        let fromZero = try await run(cli, ["card", "add", "--topic", "T", "--image", zero, "--answer", "x"] + db)
        #expect(fromZero.status == 65)
        #expect(fromZero.stderr.contains("\(zero): is a character device, not a regular file"))

        let question = try await run(
            cli, ["card", "add", "--topic", "T", "--question-file", zero, "--answer", "x"] + db)
        #expect(question.status == 65 && question.stderr.contains("is a character device"))
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath), "nothing was stored, not even a database")
    }

    @Test func importRefusesAFIFOAndDevZero() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        for path in [try fifo(cli, "deck.csv"), "/dev/zero", try link(cli, "deck-link.csv", to: "/dev/zero")] {
            let result = try await run(cli, ["import", path, "--topic", "T"] + db)
            #expect(result.status == 65, "\(path): \(result.stderr)")
            #expect(result.stderr.contains("\(path): is a "), "\(path): \(result.stderr)")
            #expect(result.stderr.contains("not a regular file; only regular files are read"))
        }
    }

    @Test func sanitizeRefusesAFIFOAndDevZero() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        for path in [try fifo(cli, "reply.txt"), "/dev/zero"] {
            let result = try await run(cli, ["sanitize", path])
            #expect(result.status == 65, "\(path): \(result.stderr)")
            #expect(result.stderr.contains("not a regular file; only regular files are read"), "\(path)")
        }
    }

    @Test func aHugeFieldCostsNoMoreMemoryThanASmallOne() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let small = cli.directory.appendingPathComponent("small.csv")
        try Data("Q;A\n".utf8).write(to: small)
        // One 16 MiB answer: read as it streams by, never held (only its first 64 KiB are kept). Held, it would cost
        // at least its size again (bytes, then a String).
        let huge = cli.directory.appendingPathComponent("huge.csv")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.write(contentsOf: Data("Q;".utf8))
        let block = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
        for _ in 0..<16 { try handle.write(contentsOf: block) }
        try handle.write(contentsOf: Data("\n".utf8))
        try handle.close()

        let baseline = try await peakKiB(cli, ["import", small.path, "--topic", "T", "--dry-run"])
        let result = try await cli.finish(
            ["python3", "-c", Self.measure, binary, "import", huge.path, "--topic", "T", "--db", cli.databasePath],
            executable: "/usr/bin/env")
        #expect(result.status == 65)
        #expect(
            result.stderr.contains("\(huge.path):1:3: the answer is too long (16777216 bytes; at most 1000 characters)")
        )
        let peak = try #require(Self.peak(in: result.stderr))
        #expect(peak < baseline.peak + 12 * 1024, "peak RSS \(peak) KiB vs \(baseline.peak) KiB for a one-line file")
    }

    private var binary: String { CLIRunner.productsDirectory.appendingPathComponent("fcgen").path }

    /// Runs the child under Python, which reports its peak RSS (`ru_maxrss`, KiB) as the last stderr line. The
    /// child runs at the lowest priority, so its seconds of parsing don't starve timing-sensitive tests.
    private static let measure = """
        import os, resource, subprocess, sys
        os.nice(19)
        code = subprocess.run(sys.argv[1:]).returncode
        print("peak_rss_kib=%d" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
        sys.exit(code)
        """

    private static func peak(in stderr: String) -> Int? {
        stderr.split(separator: "\n").last.flatMap { line in
            line.hasPrefix("peak_rss_kib=") ? Int(line.dropFirst("peak_rss_kib=".count)) : nil
        }
    }

    private func peakKiB(_ cli: CLIRunner, _ arguments: [String]) async throws -> (peak: Int, status: Int32) {
        let result = try await cli.finish(
            ["python3", "-c", Self.measure, binary] + arguments + ["--db", cli.databasePath], executable: "/usr/bin/env"
        )
        return (Self.peak(in: result.stderr) ?? .max, result.status)
    }
}
