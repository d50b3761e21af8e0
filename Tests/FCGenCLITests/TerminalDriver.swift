import FCTestSupport
import Foundation

/// Runs `fcgen` on a real pseudo-terminal (`Tests/Support/pty_drive.py`), the way a person at a terminal would:
/// stdout and stderr are the terminal, `steps` are typed when their text appears.
enum TerminalDriver {
    static let driver = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Support/pty_drive.py")

    /// `fcgen arguments…` on a terminal (`columns` wide when given); its exit status and the whole screen.
    static func run(
        _ arguments: [String], steps: [[String: String]] = [], columns: Int? = nil
    ) async throws -> (status: Int32, screen: String) {
        let fcgen = CLIRunner.productsDirectory.appendingPathComponent("fcgen").path
        let json = String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        if let columns { environment["PTY_COLUMNS"] = "\(columns)" }
        let driven = try await ChildProcess.run(
            "/usr/bin/env", ["python3", driver.path, json, fcgen] + arguments, environment: environment)
        return (driven.termination.status, driven.output)
    }
}
