import Foundation
import Testing

/// The offline demo from anywhere: the fixture replies and prompt templates are compiled into the binary, so it
/// needs neither the repository as its working directory nor anything beside it (no SwiftPM resource bundle).
struct InstalledBinaryTests {
    /// The README's demo summary, less the timing column.
    static let expectedSummary = [
        "Roman history: 3 batches, 41 cards stored (provider fixture, model fixture)",
        "batch  aspect                        depth         outcome   kept  dropped  tokens in/out  ms",
        "    1  Founding and the Kingdom      foundational  strict      14  -              262/932",
        "    2  Institutions of the Republic  foundational  repaired    13  -             492/1027",
        "    3  Founding and the Kingdom      intermediate  repaired    14  -              731/818",
    ]

    private func checkDemo(_ result: CLIRunner.Result, database: String) {
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.expectedSummary.count + 1, "stdout: \(result.stdout)")
        for (line, expected) in zip(lines, Self.expectedSummary) {
            #expect(line.hasPrefix(expected), "got \(line)")
        }
        #expect(lines.last == "database: \(database)")
        #expect(!result.stderr.contains("not found"))
    }

    @Test func theDemoRunsFromADirectoryOtherThanTheRepository() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let elsewhere = cli.directory.appendingPathComponent("elsewhere", isDirectory: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let database = cli.directory.appendingPathComponent("data/fcgen/fcgen.sqlite").path
        // No --db: the default path under XDG_DATA_HOME, as a user's first run would have it.
        let result = try await cli.run(
            ["--topic", "Roman history", "--batches", "3", "--offline"], workingDirectory: elsewhere)
        checkDemo(result, database: database)
        #expect(!FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("fixtures").path))
    }

    @Test func aBinaryCopiedAloneRunsTheDemo() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let bin = cli.directory.appendingPathComponent("bin", isDirectory: true)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let copy = bin.appendingPathComponent("fcgen")
        try FileManager.default.copyItem(at: CLIRunner.productsDirectory.appendingPathComponent("fcgen"), to: copy)
        #expect(try FileManager.default.contentsOfDirectory(atPath: bin.path) == ["fcgen"])
        let result = try await cli.run(
            executable: copy.path,
            ["--topic", "Roman history", "--batches", "3", "--offline", "--db", cli.databasePath],
            workingDirectory: bin)
        checkDemo(result, database: cli.databasePath)
    }

    @Test func aNamedFixturesFolderStillOverridesTheBuiltInReplies() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let folder = cli.directory.appendingPathComponent("my-fixtures", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // An empty folder: no reply for Roman history, so the run is refused instead of replaying the built-in one
        // (and falls back when asked to).
        let refused = try await cli.run(
            ["--topic", "Roman history", "--offline", "--fixtures", folder.path, "--db", cli.databasePath],
            workingDirectory: cli.directory)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("its fixtures folder has none for any topic"), "stderr: \(refused.stderr)")
        let result = try await cli.run(
            [
                "--topic", "Roman history", "--offline", "--fixtures", folder.path, "--store-fallback", "--db",
                cli.databasePath,
            ],
            workingDirectory: cli.directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("fallback"))
        let missing = try await cli.run(
            ["--topic", "Roman history", "--offline", "--fixtures", "nope", "--db", cli.databasePath],
            workingDirectory: cli.directory)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("fixtures directory \(cli.directory.path)/nope not found"))
    }
}
