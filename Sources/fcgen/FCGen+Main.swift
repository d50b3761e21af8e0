import ArgumentParser
import FCCommandLine
import FCContract
import Foundation
import Logging

extension FCGen {
    /// Parses and runs the command line. ArgumentParser's own `main()` would do the same, but a command line it
    /// refuses would get its default wording and never a `--json` document; here every refusal names the word
    /// that was wrong, suggests the nearest valid one, and exits 64 (``FCCommandLine/CommandLineCheck``).
    static func main() async {
        Foundation.exit(await status(running: Array(CommandLine.arguments.dropFirst()), bootstrapsLogging: true))
    }

    /// `--log-format` and `--json` as the command line gives them, before it is parsed: a refusal is worded in them.
    static func outputFormat(of arguments: [String]) -> (logFormat: LogFormat, json: Bool) {
        (LogFormat.requested(in: arguments), arguments.prefix { $0 != "--" }.contains("--json"))
    }

    /// Reports a refused command line (stderr; stdout too with `--json`); the caller exits 64.
    static func report(_ problem: UsageProblem, logFormat: LogFormat, json: Bool) {
        ErrorReporter.report(
            code: .usage, message: problem.message, logFormat: logFormat, json: json, argument: problem.argument,
            suggestion: problem.suggestion)
        let path = problem.commandPath.joined(separator: " ")
        logFormat.logger(label: "fcgen").info("See '\(path) --help' for its commands and options.")
    }
}
