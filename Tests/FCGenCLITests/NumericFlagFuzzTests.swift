import ArgumentParser
import Foundation
import Testing

@testable import fcgen
@testable import fcgen_worker

/// Every numeric flag and numeric argument of every `fcgen` subcommand, found in the command tree the binary
/// describes itself (`--experimental-dump-help`), given the extremes one at a time: `Int64.min` and `max`, -1, 0,
/// 2^53+1, 1e308, a day before year 1. Each run must end by itself with a documented exit code — a usage error (64),
/// a data error (65) or success — never a signal (a trap is SIGILL or SIGTRAP, exit 128 and over).
@Suite("fcgen: numeric flags at their extremes")
struct NumericFlagFuzzTests {
    static let extremes = ["-9223372036854775808", "9223372036854775807", "-1", "0", "9007199254740993", "1e308"]
    /// For days, times and durations: the edges of the calendar besides the integer extremes.
    static let dayExtremes = ["0000-01-01", "9999-12-31", "-9223372036854775808", "9223372036854775807"]

    /// For durations (`30d`, `12h`, `90s`): huge and negative amounts in each unit.
    static let durationExtremes = [
        "1e308d", "9223372036854775807d", "9223372036854775807s", "-1d", "0s", "1e308ms", "-9223372036854775808",
    ]

    /// The extremes for `argument`: days and times get the calendar's, durations their own.
    static func values(for argument: [String: Any]) -> [String] {
        switch argument["valueName"] as? String ?? "" {
        case "YYYY-MM-DD", "time": dayExtremes
        case "duration": durationExtremes
        default: extremes
        }
    }

    /// The value names of options that take numbers, days or durations (as the commands' help names them).
    static let numericValueNames: Set<String> = [
        "bytes", "ms", "n", "port", "position", "rate", "s", "seconds", "usd", "YYYY-MM-DD", "duration", "time",
        "10|25|50",
    ]

    /// Positional arguments that are ids or numbers.
    static let numericArguments: Set<String> = ["card-id", "session-id", "id"]

    /// One command line with one value at an extreme.
    struct Case: CustomStringConvertible {
        var executable = "fcgen"
        var arguments: [String]
        var description: String { ([executable] + arguments).joined(separator: " ") }
    }

    @Test("no extreme value takes any subcommand down: every exit is a code below 128")
    func extremes() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let seeded = try await cli.run([
            "--topic", "Roman history", "--batches", "1", "--offline", "--db", cli.databasePath,
        ])
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let dump = try await cli.run(["--experimental-dump-help"])
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let root = try #require(tree["command"] as? [String: Any])
        // fcgen-worker's flags too, each case one round (`--once`) over the same database.
        let workerDump = try await cli.run(executable: "fcgen-worker", ["--experimental-dump-help"])
        let workerTree = try JSONSerialization.jsonObject(with: Data(workerDump.stdout.utf8)) as? [String: Any]
        let workerRoot = try #require(workerTree?["command"] as? [String: Any])
        let cases =
            Self.cases(in: root, path: [], database: cli.databasePath, folder: cli.directory.path)
            + Self.cases(in: workerRoot, path: [], database: cli.databasePath, folder: cli.directory.path)
            .map { Case(executable: "fcgen-worker", arguments: $0.arguments + ["--once", "--offline"]) }
        // The command tree is read, not listed here: a new numeric flag is fuzzed without anyone adding it.
        #expect(cases.count > 200, "\(cases.count) cases")
        // Every case is parsed in process first (parsing runs each command's `validate()`, which is where a trap in
        // reading a flag would be): only those the executable accepts, whose values reach `run()`, are run.
        let running = cases.filter { testCase in
            testCase.executable == "fcgen"
                ? (try? FCGen.parseAsRoot(testCase.arguments)) != nil
                : (try? FCGenWorker.parseAsRoot(testCase.arguments)) != nil
        }
        #expect(!running.isEmpty && running.count < cases.count)
        var results: [(Case, CLIRunner.Result)] = []
        for testCase in running {
            // EDITOR for `card edit`: returns at once, leaving the card as it was.
            let result = try await cli.run(
                executable: testCase.executable, testCase.arguments, environment: ["EDITOR": "true"])
            results.append((testCase, result))
        }
        for (testCase, result) in results {
            #expect(result.status < 128, "\(testCase): exit \(result.status) \(result.stderr.suffix(300))")
            // A refusal says so in one line on stderr; a crash says nothing useful.
            #expect(!result.stderr.contains("Fatal error"), "\(testCase): \(result.stderr.suffix(300))")
        }
    }

    @Test("serve's numeric flags at their extremes are refused or taken, never a trap (checked in process)")
    func serveFlags() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let help = try await cli.run(["--experimental-dump-help"])
        let dump = try JSONSerialization.jsonObject(with: Data(help.stdout.utf8)) as? [String: Any]
        let serve = try #require(
            ((dump?["command"] as? [String: Any])?["subcommands"] as? [[String: Any]])?
                .first { $0["commandName"] as? String == "serve" })
        let options = (serve["arguments"] as? [[String: Any]] ?? []).filter(Self.isNumeric)
        #expect(options.count >= 10)
        var refused = 0
        for option in options {
            for value in Self.values(for: option) {
                // Parsing runs `validate()`: a value it lets through is one `run()` can use without trapping.
                do {
                    _ = try ServeCommand.parse(Self.words(for: option, value: value))
                } catch {
                    refused += 1
                    #expect(
                        ServeCommand.exitCode(for: error).rawValue == 64,
                        "serve \(Self.words(for: option, value: value)): \(ServeCommand.message(for: error))")
                }
            }
        }
        #expect(refused > options.count * 3)
    }

    /// The cases of `command` and its subcommands.
    static func cases(in command: [String: Any], path: [String], database: String, folder: String) -> [Case] {
        let arguments = command["arguments"] as? [[String: Any]] ?? []
        var cases: [Case] = []
        // `serve` runs until it is stopped: its flags are checked in process instead (``serveFlags()``).
        guard path != ["serve"] else { return [] }
        let databaseArguments = ["--db", database]
        for (index, argument) in arguments.enumerated() {
            guard isNumeric(argument) else { continue }
            for value in values(for: argument) {
                var line = path
                for (otherIndex, other) in arguments.enumerated() {
                    if otherIndex == index {
                        line += words(for: argument, value: value)
                    } else if other["isOptional"] as? Bool == false {
                        line += words(for: other, value: baseValue(other, folder: folder))
                    }
                }
                cases.append(Case(arguments: line + databaseArguments))
            }
        }
        for subcommand in command["subcommands"] as? [[String: Any]] ?? [] {
            guard let name = subcommand["commandName"] as? String, name != "help" else { continue }
            cases += Self.cases(in: subcommand, path: path + [name], database: database, folder: folder)
        }
        return cases
    }

    static func isNumeric(_ argument: [String: Any]) -> Bool {
        switch argument["kind"] as? String {
        case "option": numericValueNames.contains(argument["valueName"] as? String ?? "")
        case "positional": numericArguments.contains(argument["valueName"] as? String ?? "")
        default: false
        }
    }

    /// `--name value` for an option, `value` for a positional argument.
    static func words(for argument: [String: Any], value: String) -> [String] {
        guard argument["kind"] as? String == "option",
            let name = (argument["names"] as? [[String: Any]])?.first?["name"] as? String
        else { return [value] }
        return ["--" + name, value]
    }

    /// A plausible value for an argument the case is not about (a required one).
    static func baseValue(_ argument: [String: Any], folder: String) -> String {
        switch argument["valueName"] as? String ?? "" {
        case "again|hard|good|easy": "good"
        case "name": "Roman history"
        case "file", "path": folder + "/input.txt"
        case "position", "card-id", "session-id", "id": "1"
        default: "1"
        }
    }
}
