import Foundation
import Testing

/// `--help` is part of the interface: a change to it should be a deliberate change to these snapshots.
///
/// To update after an intended change: `.build/debug/fcgen help generate > Tests/FCGenCLITests/Snapshots/generate-help.txt`.
struct HelpSnapshotTests {
    static let snapshots = CLIRunner.repositoryRoot.appendingPathComponent("Tests/FCGenCLITests/Snapshots")

    @Test(arguments: [(["--help"], "fcgen-help.txt"), (["generate", "--help"], "generate-help.txt")])
    func helpMatchesTheSnapshot(_ arguments: [String], _ snapshot: String) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(arguments, environment: ["COLUMNS": "80"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let expected = try String(contentsOf: Self.snapshots.appendingPathComponent(snapshot), encoding: .utf8)
        #expect(result.stdout == expected)
    }

    @Test func versionGoesToStdout() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "0.1.0\n")
    }
}
