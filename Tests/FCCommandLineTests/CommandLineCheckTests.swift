import FCCommandLine
import Foundation
import Testing

/// The checks run on the raw command line before ArgumentParser, on a small command tree.
struct CommandLineCheckTests {
    /// `tool` (default `run --count <n> --json`), `card` with `show <id>`; as ArgumentParser describes a tree.
    static let tree = #"""
        {"commandName": "tool", "defaultSubcommand": "run", "subcommands": [
          {"commandName": "run", "arguments": [
            {"kind": "option", "names": [{"kind": "long", "name": "count"}]},
            {"kind": "flag", "names": [{"kind": "long", "name": "json"}]}]},
          {"commandName": "card", "subcommands": [
            {"commandName": "show", "arguments": [{"kind": "positional"}]}]}]}
        """#

    private func check() throws -> CommandLineCheck {
        CommandLineCheck(root: try JSONDecoder().decode(CommandSpec.self, from: Data(Self.tree.utf8)))
    }

    @Test func anUnknownCommandIsNamedWithTheNearestOne() throws {
        guard case .failure(let problem) = try check().resolve(["card", "shwo", "1"]) else {
            Issue.record("accepted")
            return
        }
        #expect(problem.message == "unknown command 'shwo' for 'tool card'; did you mean 'show'?")
        #expect(problem.argument == "shwo")
        #expect(problem.commandPath == ["tool", "card"])
        guard case .failure(let far) = try check().resolve(["nosuchcmd"]) else { return }
        #expect(far.suggestion == nil)
    }

    @Test func optionsLeadToTheDefaultCommand() throws {
        let path = try check().resolve(["--count", "3"]).get()
        #expect(path.map(\.commandName) == ["tool", "run"])
    }

    @Test func aNegativeNumberAfterAValueOptionIsItsValue() throws {
        let check = try check()
        let run = try check.resolve(["--count", "-1"]).get().last
        let repaired = check.attachingNegativeValues(
            ["--count", "-1", "--json", "--", "--count", "-2"], command: try #require(run))
        #expect(repaired == ["--count=-1", "--json", "--", "--count", "-2"])
        #expect(check.attachingNegativeValues(["--json", "-1"], command: try #require(run)) == ["--json", "-1"])
    }

    @Test func theParsersMessagesGiveTheWordAndTheSuggestion() throws {
        let check = try check()
        let flag = check.problem(
            parserMessage: "Unknown option '--cout'. Did you mean '--count'?", commandPath: ["tool"])
        #expect(flag.argument == "--cout")
        #expect(flag.suggestion == "--count")
        let stray = check.problem(
            parserMessage: "Missing expected argument '<id>'", commandPath: ["tool", "card", "show"],
            arguments: ["card", "show", "-5"])
        #expect(stray.argument == "-5")
        #expect(stray.message.hasPrefix("unexpected '-5'"))
    }

    @Test func anUnknownOptionComesBeforeAMissingRequiredOne() throws {
        let check = try check()
        let run = try #require(try check.resolve(["--cuont", "3"]).get().last)
        let typo = check.problem(
            parserMessage: "Missing expected argument '--count <n>'", commandPath: ["tool", "run"],
            arguments: ["--cuont", "3"], command: run)
        #expect(typo.message == "Unknown option '--cuont'. Did you mean '--count'?")
        #expect(typo.argument == "--cuont" && typo.suggestion == "--count")
        let attached = check.problem(
            parserMessage: "Missing expected argument '--count <n>'", commandPath: ["tool", "run"],
            arguments: ["--jsn=1"], command: run)
        #expect(attached.message == "Unknown option '--jsn'. Did you mean '--json'?")
        let far = check.problem(
            parserMessage: "Missing expected argument '--count <n>'", commandPath: ["tool", "run"],
            arguments: ["--zzzzzz"], command: run)
        #expect(far.message == "Unknown option '--zzzzzz'" && far.suggestion == nil)
        // Known options, and anything after `--`, leave the parser's message as it was.
        let known = check.problem(
            parserMessage: "Missing expected argument '--count <n>'", commandPath: ["tool", "run"],
            arguments: ["--json", "--help", "--", "--cuont"], command: run)
        #expect(known.message == "Missing expected argument '--count <n>'")
    }
}
