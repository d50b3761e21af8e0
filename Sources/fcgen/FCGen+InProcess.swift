import ArgumentParser
import FCCommandLine
import FCContract
import Foundation

extension FCGen {
    /// Runs `fcgen arguments…` in this process, in `io`'s world (``FCCommandLine/CommandIO``: its environment,
    /// working directory, stdin, and its stdout and stderr), and returns the exit status the process would have
    /// ended with: what ``main()`` does, without ending the process. The test suite runs commands this way.
    static func status(running arguments: [String], in io: CommandIO) async -> Int32 {
        await CommandIO.with(io) { await status(running: arguments, bootstrapsLogging: false) }
    }

    /// Parses and runs a command line in the current ``FCCommandLine/CommandIO`` world and returns its exit status,
    /// with what ArgumentParser's `exit(withError:)` would have written. `bootstrapsLogging`: a refused command line
    /// sets up the process's logging first (the executable; a caller in process keeps its own).
    static func status(running arguments: [String], bootstrapsLogging: Bool) async -> Int32 {
        let (logFormat, json) = outputFormat(of: arguments)
        switch CommandLineParse.parse(FCGen.self, arguments: arguments) {
        case .command(let command):
            do {
                try await CommandLineParse.run(command)
                return 0
            } catch {
                return status(for: error)
            }
        case .exit(let error):  // --help, --version
            return status(for: error)
        case .refused(let problem):
            if bootstrapsLogging { logFormat.bootstrapOnce() }
            report(problem, logFormat: logFormat, json: json)
            return ExitStatus.usage.exitCode.rawValue
        }
    }

    /// What ArgumentParser's `exit(withError:)` writes for `error` (help and version on stdout, anything else on
    /// stderr) and the status it exits with.
    private static func status(for error: any Error) -> Int32 {
        let code = exitCode(for: error)
        // Help as wide as ArgumentParser words it: a terminal's width (`nil` lets it ask); without one `COLUMNS` if
        // set, else its default of 80 (what a command run in process, which never has a terminal, gets too).
        let columns =
            CommandIO.isTerminal(STDOUT_FILENO)
            ? nil : CommandIO.environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80
        let message = fullMessage(for: error, columns: columns)
        if !message.isEmpty {
            // `print`, as `exit(withError:)` writes it: one line feed more, whatever the message ends with.
            let line = Array((message + "\n").utf8)
            if code == .success { CommandIO.writeOutput(line) } else { CommandIO.writeError(line) }
        }
        return code.rawValue
    }
}
