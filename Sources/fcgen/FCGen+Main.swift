import ArgumentParser
import FCCommandLine
import Foundation
import Logging

extension FCGen {
    /// Parses and runs the command line. ArgumentParser's own `main()` would do the same, but a command line it
    /// refuses would get its default wording and never a `--json` document; here every refusal names the word
    /// that was wrong, suggests the nearest valid one, and exits 64 (``FCCommandLine/CommandLineCheck``).
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let options = arguments.prefix { $0 != "--" }
        let json = options.contains("--json")
        let logFormat: LogFormat =
            zip(options, options.dropFirst()).contains { $0 == "--log-format" && $1 == "json" }
                || options.contains("--log-format=json") ? .json : .text
        var parsed: any ParsableCommand
        if let tree = CommandSpec.tree(of: FCGen.self) {
            let check = CommandLineCheck(root: tree)
            switch check.resolve(arguments) {
            case .failure(let problem):
                fail(problem, logFormat: logFormat, json: json)
            case .success(let path):
                let repaired = check.attachingNegativeValues(arguments, command: path.last ?? tree)
                do {
                    parsed = try parseAsRoot(repaired)
                } catch {
                    guard exitCode(for: error) != .success else { exit(withError: error) }  // --help, --version
                    let commandPath = path.map(\.commandName)
                    fail(
                        check.problem(
                            parserMessage: message(for: error), commandPath: commandPath, arguments: repaired),
                        logFormat: logFormat, json: json)
                }
            }
        } else {
            do { parsed = try parseAsRoot(arguments) } catch { exit(withError: error) }
        }
        do {
            if var command = parsed as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try parsed.run()
            }
        } catch {
            exit(withError: error)
        }
    }

    /// Reports a refused command line (stderr; stdout too with `--json`) and exits 64.
    private static func fail(_ problem: UsageProblem, logFormat: LogFormat, json: Bool) -> Never {
        logFormat.bootstrapOnce()
        ErrorReporter.report(
            code: .usage, message: problem.message, logFormat: logFormat, json: json, argument: problem.argument,
            suggestion: problem.suggestion)
        let path = problem.commandPath.joined(separator: " ")
        logFormat.logger(label: "fcgen").info("See '\(path) --help' for its commands and options.")
        exit(withError: ExitStatus.usage.exitCode)
    }
}
