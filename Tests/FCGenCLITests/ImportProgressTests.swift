import Foundation
import Testing

/// `fcgen import` shows a progress bar on stderr to a person at a terminal, and nothing to a pipe or with `--json`.
struct ImportProgressTests {
    /// A CSV of `rows` cards, large enough to be read in many 64 KiB chunks.
    static func deck(rows: Int, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("big.csv").path
        var text = "question;answer\n"
        for row in 1...rows { text += "What is item number \(row) of the long list?;It is item \(row).\n" }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aTerminalSeesTheBarReachTheEndAndAPipeOrJSONSeeNone() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let deck = try Self.deck(rows: 20_000, in: cli.directory)
        let db = ["--db", cli.databasePath]

        let watched = try await cli.runOnTerminal(["import", deck, "--topic", "Watched"] + db, columns: 100)
        #expect(watched.status == 0, "\(watched.screen.suffix(500))")
        #expect(watched.screen.contains("importing "), "\(watched.screen.suffix(500))")
        #expect(watched.screen.contains("] 100%"))
        // Cleared before the result: what is left on the summary's line, after its last carriage return and the
        // clearing, is the summary alone.
        let line = try #require(watched.screen.components(separatedBy: "\r\n").last { $0.contains("imported ") })
        let visible = (line.components(separatedBy: "\r").last ?? "").replacingOccurrences(of: "\u{1B}[2K", with: "")
        #expect(visible.hasPrefix("imported "), "\(visible)")

        let piped = try await cli.run(["import", deck, "--topic", "Piped"] + db)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(!piped.stderr.contains("importing ") && !piped.stderr.contains("%"), "\(piped.stderr)")

        let json = try await cli.runOnTerminal(["import", deck, "--topic", "Scripted", "--json"] + db)
        #expect(json.status == 0, "\(json.screen.suffix(500))")
        #expect(!json.screen.contains("] 100%"))
    }
}
