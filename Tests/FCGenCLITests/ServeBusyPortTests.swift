import FCTestSupport
import Foundation
import Testing

/// `fcgen serve` on a port something else holds: one line naming the address and what to do, and the usage exit code.
struct ServeBusyPortTests {
    @Test func aBusyPortIsNamedWithTheFlagThatChangesIt() async throws {
        try await withHeldLoopbackPort(listening: true) { port in
            let cli = try CLIRunner()
            defer { cli.cleanUp() }
            let result = try await cli.run(["serve", "--db", cli.databasePath, "--offline", "--port", String(port)])
            #expect(result.status == 64, "stderr: \(result.stderr)")
            let lines = result.stderr.split(separator: "\n").filter { $0.contains("error") }
            #expect(
                lines == [
                    "fcgen: error: --port: 127.0.0.1:\(port) is already in use; choose another port with --port (0 picks a free one)"
                ], "stderr: \(result.stderr)")
            #expect(!result.stderr.contains("errno"))
        }
    }
}
