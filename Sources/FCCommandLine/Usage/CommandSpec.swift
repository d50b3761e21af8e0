package import ArgumentParser
import Foundation

/// A command's names, subcommands and options, read from ArgumentParser's own description of the command tree
/// (`_dumpHelp()`, the JSON behind `--experimental-dump-help`), so the checks in ``CommandLineCheck`` always see
/// exactly the commands and flags the parser knows.
package struct CommandSpec: Decodable, Sendable {
    /// One argument of a command: a positional, an option (takes a value) or a flag.
    package struct Argument: Decodable, Sendable {
        package struct Name: Decodable, Sendable {
            package var kind: String
            package var name: String
        }

        package var kind: String
        package var names: [Name]?

        /// The spellings on the command line: `--batches`, `-h`.
        package var spellings: [String] {
            (names ?? []).map { $0.kind == "short" ? "-" + $0.name : ($0.kind == "long" ? "--" : "-") + $0.name }
        }
    }

    package var commandName: String
    package var aliases: [String]?
    package var defaultSubcommand: String?
    package var subcommands: [CommandSpec]?
    package var arguments: [Argument]?

    /// The tree of `root` (a root command type), or `nil` if ArgumentParser's description cannot be read: read once
    /// per process and root type (``Trees``), since it is fixed when the program is built.
    package static func tree(of root: any ParsableCommand.Type) -> CommandSpec? {
        Trees.shared.tree(of: root)
    }

    /// Reads the tree of `root` from ArgumentParser's description of it.
    static func readTree(of root: any ParsableCommand.Type) -> CommandSpec? {
        struct Dump: Decodable {
            var command: CommandSpec
        }
        return try? JSONDecoder().decode(Dump.self, from: Data(root._dumpHelp().utf8)).command
    }

    /// The subcommand called `word` (by name or alias).
    package func subcommand(named word: String) -> CommandSpec? {
        (subcommands ?? []).first { $0.commandName == word || ($0.aliases ?? []).contains(word) }
    }

    /// The subcommand that runs when none is named.
    package var defaultCommand: CommandSpec? {
        defaultSubcommand.flatMap(subcommand(named:))
    }

    /// The names of the subcommands (ArgumentParser's built-in `help` included).
    package var subcommandNames: [String] {
        (subcommands ?? []).map(\.commandName)
    }

    /// Every spelling of every option and flag (`--batches`, `--json`, `-h`).
    package var optionSpellings: Set<String> {
        Set((arguments ?? []).filter { $0.kind != "positional" }.flatMap(\.spellings))
    }

    /// The options that take a value (`--batches <n>`).
    package var valueOptions: Set<String> {
        Set((arguments ?? []).filter { $0.kind == "option" }.flatMap(\.spellings))
    }
}
