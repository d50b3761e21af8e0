import FCCommandLine
import FCCore
import FCTestSupport
import Foundation

@testable import fcgen

extension CLIRunner {
    /// Runs `fcgen arguments…` in this process on a real pseudo-terminal (``FCTestSupport/TerminalScript``), the
    /// way a person at a terminal would: stdin, stdout and stderr are the terminal (`columns` wide when given), and
    /// `steps` are typed when their text appears. Its exit status and the whole screen.
    ///
    /// The command's world is ``inProcess(_:environment:stdin:running:)``'s, with the terminal for its streams.
    func runOnTerminal(
        _ arguments: [String], steps: [TerminalStep] = [], columns: Int? = nil,
        environment extra: [String: String] = [:]
    ) async throws -> (status: Int32, screen: String) {
        let environment = environment(extra)
        let now = now ?? .system
        return try await TerminalScript.run(steps, columns: columns) { terminal in
            var io = CommandIO(
                environment: environment, workingDirectory: Self.repositoryRoot.path, terminal: terminal)
            io.now = now
            // On the terminal's own threads (``FCTestSupport/TerminalScript``), not ``CommandThreads``.
            return await FCGen.status(running: arguments, in: io)
        }
    }
}
