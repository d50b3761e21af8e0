import FCCore
import FCPipeline
import FCStore
import Foundation
import Testing

/// `fcgen invite create`: the code (or link) printed once on stdout and stored only as its hash; `--expires` and
/// `--public-url` range-checked before anything is stored.
struct InviteCommandTests {
    @Test func anInviteIsPrintedOnceAndStoredHashed() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        #expect(try await cli.run(["user", "set", "--tz", "UTC"] + db).status == 0)

        let created = try await cli.run(["invite", "create", "--admin", "--expires", "2d"] + db)
        #expect(created.status == 0, "\(created.stderr)")
        let code = created.stdout.trimmingCharacters(in: .newlines)
        #expect(code.hasPrefix("fci_") && code.count == 47, "\(created.stdout)")
        #expect(!created.stderr.contains(code))
        #expect(created.stderr.contains("shown only this once"), "\(created.stderr)")

        let link = try await cli.run(
            ["invite", "create", "--public-url", "https://cards.example.org/"] + db)
        let printed = link.stdout.trimmingCharacters(in: .newlines)
        #expect(printed.hasPrefix("https://cards.example.org/#/signup?invite=fci_"), "\(printed)")

        let store = try await Store.open(existingAt: cli.databasePath, now: .system)
        let invites = try await Accounts.invites(on: store)
        #expect(invites.count == 2)
        #expect(invites[0].isAdmin && !invites[1].isAdmin)
        let lifetime = invites[0].expiresAt.timeIntervalSince(invites[0].createdAt)
        #expect(abs(lifetime - 2 * 86_400) < 1)
        #expect(invites.allSatisfy { $0.usedAt == nil })
        let file = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        #expect(file.range(of: Data(code.utf8)) == nil, "the code is stored in clear")
    }

    @Test(arguments: [
        ["--expires", "366d"], ["--expires", "0d"], ["--expires", "soon"], ["--expires", "1e308d"],
        ["--public-url", "ftp://cards.example.org"], ["--public-url", "https://cards.example.org/?x=1"],
    ])
    func outOfRangeFlagsAreUsageErrors(_ flags: [String]) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        #expect(try await cli.run(["user", "set", "--tz", "UTC"] + db).status == 0)
        let refused = try await cli.run(["invite", "create"] + flags + db)
        #expect(refused.status == 64, "\(flags): \(refused.stderr)")
        #expect(refused.stderr.contains(flags[0]), "\(refused.stderr)")
        let store = try await Store.open(existingAt: cli.databasePath, now: .system)
        #expect(try await Accounts.invites(on: store).isEmpty)
    }
}
