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

    /// Parses and runs a command line in the current ``FCCommandLine/CommandIO`` world and returns its exit status.
    /// `bootstrapsLogging`: a refused command line sets up the process's logging first (the executable; a caller in
    /// process keeps its own).
    static func status(running arguments: [String], bootstrapsLogging: Bool) async -> Int32 {
        await CommandLineParse.status(FCGen.self, running: arguments) { problem in
            let (logFormat, json) = outputFormat(of: arguments)
            if bootstrapsLogging { logFormat.bootstrapOnce() }
            report(problem, logFormat: logFormat, json: json)
            return ExitStatus.usage.exitCode.rawValue
        }
    }
}
