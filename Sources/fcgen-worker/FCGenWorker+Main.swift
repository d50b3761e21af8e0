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
        let arguments = Array(CommandLine.arguments.dropFirst())
        let options = arguments.prefix { $0 != "--" }
        let logFormat: LogFormat =
            zip(options, options.dropFirst()).contains { $0 == "--log-format" && $1 == "json" }
                || options.contains("--log-format=json") ? .json : .text
        let parsed: any ParsableCommand
        switch CommandLineParse.parse(FCGenWorker.self, arguments: arguments) {
        case .command(let command): parsed = command
        case .exit(let error): exit(withError: error)  // --help, --version
        case .refused(let problem):
            logFormat.bootstrapOnce()
            let logger = logFormat.logger(label: "fcgen-worker")
            logger.error(
                "\(problem.message)",
                metadata: [
                    "event": "command_failed", "code": .string(ErrorCode.usage.rawValue),
                    "exit_status": .stringConvertible(ExitStatus.usage.rawValue),
                ])
            logger.info("See 'fcgen-worker --help' for its options.")
            exit(withError: ExitStatus.usage.exitCode)
        }
        do {
            try await CommandLineParse.run(parsed)
        } catch {
            exit(withError: error)
        }
    }
}
