import Foundation
import Testing

/// `fcgen export` and `fcgen db copy` show a progress bar on stderr to a person at a terminal, and nothing to a pipe,
/// with `--json`, or (export) when the export itself is printed on that terminal.
struct ExportAndCopyProgressTests {
    /// What is left to see of the line the bar (`label`) was drawn on, after its last carriage return and clearing:
    /// the first line of what followed, when the bar was cleared.
    static func leftOnTheBarsLine(_ label: String, in screen: String) throws -> String {
        let line = try #require(screen.components(separatedBy: "\r\n").last { $0.contains(label) })
        return (line.components(separatedBy: "\r").last ?? "").replacingOccurrences(of: "\u{1B}[2K", with: "")
    }

    @Test func anExportToAFileShowsTheBarOnATerminalOnly() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        #expect(try await cli.run(["--topic", "Roman history", "--batches", "2", "--offline"] + db).status == 0)
        let out = cli.directory.appendingPathComponent("roman.csv").path
        let export = ["export", "--topic", "Roman history", "--format", "csv", "--out", out] + db

        let watched = try await cli.runOnTerminal(export, columns: 100)
        #expect(watched.status == 0, "\(watched.screen.suffix(500))")
        #expect(watched.screen.contains("exporting Roman history ["), "\(watched.screen.suffix(500))")
        #expect(watched.screen.contains("] 100%"))
        #expect(try Self.leftOnTheBarsLine("exporting ", in: watched.screen).contains("exported "))

        let piped = try await cli.run(export.map { $0 == out ? out + ".2" : $0 })
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(!piped.stderr.contains("exporting ") && !piped.stderr.contains("%"), "\(piped.stderr)")

        let json = try await cli.runOnTerminal(export.map { $0 == out ? out + ".3" : $0 } + ["--json"])
        #expect(json.status == 0, "\(json.screen.suffix(500))")
        #expect(!json.screen.contains("] 100%"), "\(json.screen.suffix(500))")

        // Printed on the terminal itself: the export's lines, no bar drawn through them.
        let printed = try await cli.runOnTerminal(Array(export.prefix(5)) + db)
        #expect(printed.status == 0, "\(printed.screen.suffix(500))")
        #expect(printed.screen.contains("question;answer") && !printed.screen.contains("] 100%"))
    }

    @Test func aCopyShowsTheBarOnATerminalOnly() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        #expect(try await cli.run(["--topic", "Roman history", "--batches", "3", "--offline"] + db).status == 0)
        func copy(_ name: String) -> [String] {
            ["db", "copy", "--from", cli.databasePath, "--to", cli.directory.appendingPathComponent(name).path]
        }

        let watched = try await cli.runOnTerminal(copy("watched.sqlite"), columns: 100)
        #expect(watched.status == 0, "\(watched.screen.suffix(500))")
        #expect(watched.screen.contains("copying rows ["), "\(watched.screen.suffix(500))")
        #expect(watched.screen.contains("] 100%"))
        let left = try Self.leftOnTheBarsLine("copying rows", in: watched.screen)
        #expect(left.contains(": ") && left.contains(" row") && !left.contains("%"), "\(left)")

        let piped = try await cli.run(copy("piped.sqlite"))
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stderr.isEmpty, "\(piped.stderr)")

        let json = try await cli.runOnTerminal(copy("scripted.sqlite") + ["--json"])
        #expect(json.status == 0, "\(json.screen.suffix(500))")
        #expect(!json.screen.contains("] 100%"), "\(json.screen.suffix(500))")
    }
}
