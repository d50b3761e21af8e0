import FCTestSupport
import Foundation
import Testing

/// The one way tests start children (``ChildProcess``, on swift-subprocess): exit statuses, signals, input and
/// output as a child sees them, and a clear error for a program that cannot start.
struct ChildProcessTests {
    @Test func reportsTheExitStatusAndWhatTheChildWrote() async throws {
        let ran = try await ChildProcess.run(
            "/bin/sh", ["-c", "read line; echo \"out:$line\"; echo err >&2; exit 7"], input: Array("hello\n".utf8))
        #expect(ran.termination == .exited(7))
        #expect(ran.output == "out:hello\n")
        #expect(ran.error == "err\n")
    }

    @Test func aSignalledChildSaysWhichSignal() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-child-test-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The child says it is ready, then waits for input that never comes until it is killed.
        let child = try await ChildProcess.start("/bin/sh", ["-c", "echo ready; exec sleep 600"], in: folder)
        while !child.standardOutput.contains("ready") { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!child.hasEnded)
        child.send(SIGKILL)
        #expect(try await child.exit() == .signalled(SIGKILL))
        #expect(child.hasEnded)
    }

    @Test func aMissingProgramIsAnErrorNotAHang() async throws {
        await #expect(throws: (any Error).self) {
            _ = try await ChildProcess.run("/nonexistent/fcgen-no-such-program", [])
        }
    }

    @Test func theEnvironmentIsExactlyTheOneGiven() async throws {
        let ran = try await ChildProcess.run("/usr/bin/env", [], environment: ["ONLY": "this"])
        #expect(ran.output == "ONLY=this\n")
    }
}
