package import ArgumentParser
import Foundation

extension CommandLineParse {
    /// Parses and runs a command line of `root` in the current ``CommandIO`` world and returns its exit status, with
    /// what ArgumentParser's `exit(withError:)` would have written: what an executable's `main()` does, without
    /// ending the process, so the test suite runs commands the same way. A refused command line goes to `refused`,
    /// which reports it (the executables word refusals their own way) and returns its status.
    package static func status(
        _ root: any ParsableCommand.Type, running arguments: [String], refused: (UsageProblem) -> Int32
    ) async -> Int32 {
        switch parse(root, arguments: arguments) {
        case .command(let command):
            do {
                try await run(command)
                return 0
            } catch {
                return status(root, for: error)
            }
        case .exit(let error):  // --help, --version
            return status(root, for: error)
        case .refused(let problem):
            return refused(problem)
        }
    }

    /// What ArgumentParser's `exit(withError:)` writes for `error` (help and version on stdout, anything else on
    /// stderr) and the status it exits with.
    private static func status(_ root: any ParsableCommand.Type, for error: any Error) -> Int32 {
        let code = root.exitCode(for: error)
        let message = root.fullMessage(for: error, columns: helpColumns())
        if !message.isEmpty {
            // `print`, as `exit(withError:)` writes it: one line feed more, whatever the message ends with.
            let line = Array((message + "\n").utf8)
            if code == .success { CommandIO.writeOutput(line) } else { CommandIO.writeError(line) }
        }
        return code.rawValue
    }

    /// The width help is worded to, as ArgumentParser finds it: `COLUMNS` if set, else a terminal's window, else 80.
    /// On the process's own terminal `nil` lets ArgumentParser ask; a caller's terminal (``CommandIO/terminal``) is
    /// asked here; without a terminal (a pipe, a command run in process) the window is never asked.
    private static func helpColumns() -> Int? {
        if CommandIO.isProcessWorld && CommandIO.isTerminal(STDOUT_FILENO) { return nil }
        let set = CommandIO.environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        return set ?? CommandIO.terminal(for: STDOUT_FILENO).flatMap(TerminalWindow.columns(of:)) ?? 80
    }
}
