import ArgumentParser
import FCCommandLine
import FCContract
import Foundation

extension FCGen {
    /// Runs `fcgen arguments…` in this process, in `io`'s world (``FCCommandLine/CommandIO``: its environment,
    /// working directory, stdin, and its stdout and stderr), and returns the exit status the process would have
    /// ended with: what ``main()`` does, without ending the process. The test suite runs commands this way.
    static func status(running arguments: [String], in io: CommandIO) async -> Int32 {
        await CommandIO.with(io) {
            let (logFormat, json) = outputFormat(of: arguments)
            switch CommandLineParse.parse(FCGen.self, arguments: arguments) {
            case .command(let command):
                do {
                    try await CommandLineParse.run(command)
                    return 0
                } catch {
                    return status(for: error)
                }
            case .exit(let error):
                return status(for: error)
            case .refused(let problem):
                report(problem, logFormat: logFormat, json: json)
                return ExitStatus.usage.exitCode.rawValue
            }
        }
    }

    /// What ArgumentParser's `exit(withError:)` writes for `error` (help and version on stdout, anything else on
    /// stderr) and the status it exits with.
    private static func status(for error: any Error) -> Int32 {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if !message.isEmpty {
            let line = Array((message.hasSuffix("\n") ? message : message + "\n").utf8)
            if code == .success { CommandIO.writeOutput(line) } else { CommandIO.writeError(line) }
        }
        return code.rawValue
    }
}
