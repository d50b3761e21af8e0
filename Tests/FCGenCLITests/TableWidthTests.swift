import FCTestSupport
import Foundation
import Testing

@testable import fcgen

/// Tables fit the terminal: on a terminal the widest text columns are cut (ending in "…"), `--wide` prints them
/// whole, and a pipe (`| less -S`, a script) always gets every column whole.
struct TableWidthTests {
    static func table() -> TextTable {
        var table = TextTable([("id", .right), ("question", .left), ("answer", .left), ("reps", .right)])
        table.append(["123456", String(repeating: "q", count: 70), String(repeating: "a", count: 30), "99999"])
        table.append(["7", "short", "yes", "1"])
        return table
    }

    @Test func aTableCutToAWidthFitsItAndKeepsItsNumbersWhole() {
        let lines = Self.table().render(width: 60).split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
        #expect(lines[1].hasPrefix("123456") && lines[1].hasSuffix("99999"))
        #expect(lines[1].contains("…"))
        // The short row is not cut.
        #expect(lines[2].contains("short") && lines[2].contains("yes") && !lines[2].contains("…"))
    }

    @Test func withoutAWidthEveryCellIsWhole() {
        let rendered = Self.table().render()
        #expect(!rendered.contains("…"))
        #expect(rendered.contains(String(repeating: "q", count: 70)))
    }

    @Test func aWidthNoTableCanReachCutsTextColumnsToTheirFloorOnly() {
        let lines = Self.table().render(width: 10).split(separator: "\n")
        // id (6) + question (8) + answer (8) + reps (5) + three separators: the narrowest it gets.
        #expect(lines.map(\.count).max() == 6 + 8 + 8 + 5 + 6)
        #expect(lines[0].contains("question"))
    }

    @Test func aTerminalGetsTheTableCutToItsWidthAndWideOrAPipeGetItWhole() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let seeded = try await cli.run(["--topic", "Roman history", "--batches", "1", "--offline"] + db)
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let cards = ["cards", "--topic", "Roman history"] + db

        let fitted = try await cli.runOnTerminal(cards, columns: 60)
        #expect(fitted.status == 0, "\(fitted.screen)")
        let fittedLines = fitted.screen.split(whereSeparator: \.isNewline)
        #expect(fittedLines.count > 5)
        #expect(fittedLines.allSatisfy { $0.count <= 60 }, "\(fitted.screen)")
        #expect(fitted.screen.contains("…"))

        let wide = try await cli.runOnTerminal(cards + ["--wide"], columns: 60)
        #expect(wide.status == 0, "\(wide.screen)")
        #expect(wide.screen.split(whereSeparator: \.isNewline).contains { $0.count > 60 }, "\(wide.screen)")

        let piped = try await cli.run(cards, environment: ["COLUMNS": "60"])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.split(separator: "\n").contains { $0.count > 60 })
        #expect(piped.stdout == (try await cli.run(cards + ["--wide"])).stdout)
    }
}
