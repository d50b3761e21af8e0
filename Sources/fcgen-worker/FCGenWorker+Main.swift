import ArgumentParser
import FCCommandLine
import FCContract
import Foundation
import Logging

extension FCGenWorker {
    /// Parses and runs the command line as `fcgen` does (``FCCommandLine/CommandLineParse``): a refused command
    /// line is one `fcgen-worker: error: …` line naming the word that was wrong and the nearest valid one, and exit
    /// 64, instead of ArgumentParser's `Error: …` and its usage text.
    static func main() async {
        Foundation.exit(await status(running: Array(CommandLine.arguments.dropFirst()), bootstrapsLogging: true))
    }

    /// Runs `fcgen-worker arguments…` in this process, in `io`'s world, and returns the exit status the process
    /// would have ended with: the test suite runs the worker this way. A round run so traps no signals (they are the
    /// caller's) and leaves the process's logging as it is.
    static func status(running arguments: [String], in io: CommandIO) async -> Int32 {
        await CommandIO.with(io) { await status(running: arguments, bootstrapsLogging: false) }
    }

    /// Parses and runs a command line in the current ``FCCommandLine/CommandIO`` world and returns its exit status.
    static func status(running arguments: [String], bootstrapsLogging: Bool) async -> Int32 {
        await CommandLineParse.status(FCGenWorker.self, running: arguments) { problem in
            let logFormat = LogFormat.requested(in: arguments)
            if bootstrapsLogging { logFormat.bootstrapOnce() }
            let logger = logFormat.logger(label: "fcgen-worker")
            logger.error(
                "\(problem.message)",
                metadata: [
                    "event": "command_failed", "code": .string(ErrorCode.usage.rawValue),
                    "exit_status": .stringConvertible(ExitStatus.usage.rawValue),
                ])
            logger.info("See 'fcgen-worker --help' for its options.")
            return ExitStatus.usage.exitCode.rawValue
        }
    }
}
