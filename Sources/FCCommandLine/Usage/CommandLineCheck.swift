import Foundation

/// What fcgen checks and repairs on the raw command line before ArgumentParser sees it, and how it words what the
/// parser refuses:
///
/// - an unknown command word is named, with the nearest valid one (`fcgen nosuchcmd` would otherwise fall through
///   to the default `generate` and complain about a missing `--topic`);
/// - a negative number after an option that takes a value is that option's value (`--batches -1` would otherwise be
///   "Missing value", as ArgumentParser reads `-1` as a flag), so the option's own range check reports it;
/// - an unknown option is reported before anything else the parser found (a missing required option, say), with
///   the nearest known option, and the word and the suggestion are pulled out for the `--json` error document.
package struct CommandLineCheck: Sendable {
    /// The root command's tree.
    package let root: CommandSpec

    package init(root: CommandSpec) {
        self.root = root
    }

    /// The command words of `arguments` and the commands they name, default subcommands included; a problem when
    /// a word in a command's place names no command.
    package func resolve(_ arguments: [String]) -> Result<[CommandSpec], UsageProblem> {
        var path = [root]
        var index = 0
        while let current = path.last, !(current.subcommands ?? []).isEmpty, index < arguments.count {
            let word = arguments[index]
            if word.hasPrefix("-") || word == "help" { break }
            guard let next = current.subcommand(named: word) else {
                let names = path.map(\.commandName).joined(separator: " ")
                let candidates = current.subcommandNames.filter { $0 != "help" }
                let suggestion = Suggestion.nearest(to: word, among: candidates)
                var message = "unknown command '\(word)' for '\(names)'"
                message += suggestion.map { "; did you mean '\($0)'?" } ?? ""
                return .failure(
                    UsageProblem(
                        message: message, argument: word, suggestion: suggestion,
                        commandPath: path.map(\.commandName)))
            }
            path.append(next)
            index += 1
        }
        while let current = path.last, let next = current.defaultCommand { path.append(next) }
        return .success(path)
    }

    /// `arguments` with `--option -1` written `--option=-1` wherever the option takes a value.
    package func attachingNegativeValues(_ arguments: [String], command: CommandSpec) -> [String] {
        let options = command.valueOptions
        var repaired: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" {
                repaired += arguments[index...]
                break
            }
            if options.contains(word), index + 1 < arguments.count, Self.isNegativeNumber(arguments[index + 1]) {
                repaired.append("\(word)=\(arguments[index + 1])")
                index += 2
                continue
            }
            repaired.append(word)
            index += 1
        }
        return repaired
    }

    /// A problem from the message ArgumentParser gave for `arguments` (as repaired).
    ///
    /// A negative number where a positional value belongs (`card show -5`) reaches ArgumentParser as a flag, and
    /// it says "Unknown option" or "Missing expected argument"; the problem names the number instead.
    ///
    /// An unknown long option among `arguments` is reported first, whatever the parser said, with the nearest option
    /// `command` knows: ArgumentParser checks required options before it looks for unknown ones, so `--topik X`
    /// would otherwise say "Missing expected argument '--topic <name>'" and never point at the typo.
    package func problem(
        parserMessage: String, commandPath: [String], arguments: [String] = [], command: CommandSpec? = nil
    ) -> UsageProblem {
        var parserMessage = parserMessage
        if let command, let unknown = Self.unknownOption(in: arguments, command: command) {
            parserMessage =
                "Unknown option '\(unknown.word)'" + (unknown.suggestion.map { ". Did you mean '\($0)'?" } ?? "")
        }
        var problem = UsageProblem(message: parserMessage, commandPath: commandPath)
        if let quoted = Self.quoted(after: "Unknown option ", in: parserMessage) {
            problem.argument = quoted
            problem.suggestion = Self.quoted(after: "Did you mean ", in: parserMessage)
        }
        let stray =
            problem.argument.flatMap { Self.isNegativeNumber($0) ? $0 : nil }
            ?? (parserMessage.hasPrefix("Missing expected argument")
                ? arguments.prefix { $0 != "--" }.first(where: Self.isNegativeNumber) : nil)
        if let stray {
            problem.argument = stray
            problem.suggestion = nil
            problem.message =
                "unexpected '\(stray)': a negative number is not a valid value here (ids, counts and sizes are "
                + "positive)"
        }
        return problem
    }

    /// The first long option in `arguments` (before `--`) that `command` does not know, with the nearest one it
    /// does know when one is near (`--topik` → `--topic`). `--name=value` counts as `--name`.
    static func unknownOption(in arguments: [String], command: CommandSpec) -> (word: String, suggestion: String?)? {
        let known = command.optionSpellings.union(["--help", "-h", "--version"])
        let longNames = known.filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) }
        for argument in arguments.prefix(while: { $0 != "--" }) where argument.hasPrefix("--") && argument.count > 2 {
            let word = String(argument.prefix { $0 != "=" })
            guard !known.contains(word) else { continue }
            let nearest = Suggestion.nearest(to: String(word.dropFirst(2)), among: longNames.sorted())
            return (word, nearest.map { "--" + $0 })
        }
        return nil
    }

    /// `-1`, `-2.5`: what ArgumentParser would otherwise read as a short flag.
    static func isNegativeNumber(_ word: String) -> Bool {
        guard word.count > 1, word.hasPrefix("-") else { return false }
        return Double(word.dropFirst()) != nil && word.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
    }

    /// The text between the single quotes that follow `prefix` in `text`.
    private static func quoted(after prefix: String, in text: String) -> String? {
        guard let start = text.range(of: prefix + "'") else { return nil }
        let rest = text[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }
}
