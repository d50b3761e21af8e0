package import ArgumentParser

/// What came of parsing a command line with ``CommandLineCheck``'s checks and wording: both executables parse
/// through ``parse(_:arguments:)`` and then report a refusal in their own name (`fcgen: error: …`,
/// `fcgen-worker: error: …`), so they word every refusal alike.
package enum CommandLineParse {
    /// A command ready to run.
    case command(any ParsableCommand)
    /// `--help`, `--version` or another clean exit ArgumentParser asked for: pass it to `exit(withError:)`.
    case exit(any Error)
    /// A command line the command cannot run: the word that was wrong and the nearest valid one (exit 64).
    case refused(UsageProblem)

    /// Parses `arguments` (without the executable's name) as `root` would, after ``CommandLineCheck``'s checks.
    package static func parse(_ root: any ParsableCommand.Type, arguments: [String]) -> CommandLineParse {
        // A command line ArgumentParser takes as it is runs at once: the checks below only word refusals and
        // repair negative values, both of which start from a line it refuses, and reading the command tree for
        // them costs a debug build a third of a second of CPU at every start. (It holds while no default
        // subcommand takes a positional argument: then a mistyped command word would parse as that argument.)
        if let command = try? root.parseAsRoot(arguments) { return .command(command) }
        guard let tree = CommandSpec.tree(of: root) else {
            do { return .command(try root.parseAsRoot(arguments)) } catch { return .exit(error) }
        }
        let check = CommandLineCheck(root: tree)
        switch check.resolve(arguments) {
        case .failure(let problem):
            return .refused(problem)
        case .success(let path):
            let command = path.last ?? tree
            let repaired = check.attachingNegativeValues(arguments, command: command)
            do {
                return .command(try root.parseAsRoot(repaired))
            } catch {
                guard root.exitCode(for: error) != .success else { return .exit(error) }
                return .refused(
                    check.problem(
                        parserMessage: root.message(for: error), commandPath: path.map(\.commandName),
                        arguments: repaired, command: command))
            }
        }
    }

    /// Runs a parsed command, awaiting it when it is asynchronous; its error is the caller's to report.
    package static func run(_ parsed: any ParsableCommand) async throws {
        if var command = parsed as? any AsyncParsableCommand {
            try await command.run()
        } else {
            var command = parsed
            try command.run()
        }
    }
}
