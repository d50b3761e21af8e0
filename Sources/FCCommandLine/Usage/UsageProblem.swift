/// A command line fcgen cannot run, described for people (``message``) and for `--json` documents.
package struct UsageProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, naming the word: "unknown command 'shw' for 'fcgen card'; did you mean 'show'?".
    package var message: String
    /// The command-line word that was wrong, when there is one.
    package var argument: String?
    /// The nearest valid command or flag, when one is near.
    package var suggestion: String?
    /// The command words that were recognised before the problem (`["fcgen", "card"]`), for "see … --help".
    package var commandPath: [String]

    package init(message: String, argument: String? = nil, suggestion: String? = nil, commandPath: [String]) {
        self.message = message
        self.argument = argument
        self.suggestion = suggestion
        self.commandPath = commandPath
    }

    package var description: String { message }
}
