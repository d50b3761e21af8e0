import FCCore
import FCPipeline
import FCService
import FCStore
import Foundation
import Testing

/// `fcgen password-reset create`: the code (or link) printed once on stdout and stored only as its hash, for a
/// learner who exists; a newer link voids the older; `--user`, `--expires` and `--public-url` checked before
/// anything is stored.
struct PasswordResetCommandTests {
    @Test func aResetLinkIsPrintedOnceStoredHashedAndVoidsTheOlder() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        #expect(try await cli.run(["user", "set", "--tz", "UTC"] + db).status == 0)
        #expect(try await cli.run(["token", "create", "--user", "ana"] + db).status == 0)

        let created = try await cli.run(["password-reset", "create", "--user", "ana", "--expires", "2h"] + db)
        #expect(created.status == 0, "\(created.stderr)")
        let code = created.stdout.trimmingCharacters(in: .newlines)
        #expect(code.hasPrefix("fcr_") && code.count == 47, "\(created.stdout)")
        #expect(!created.stderr.contains(code))
        #expect(
            created.stderr.contains("for ana") && created.stderr.contains("shown only this once"), "\(created.stderr)")

        let link = try await cli.run(
            ["password-reset", "create", "--user", "ANA", "--public-url", "https://cards.example.org/"] + db)
        let printed = link.stdout.trimmingCharacters(in: .newlines)
        #expect(printed.hasPrefix("https://cards.example.org/#/set-password?code=fcr_"), "\(printed)")

        let store = try await Store.open(existingAt: cli.databasePath, now: .system)
        let ana = try #require(try await Learners.named(on: store, "ana"))
        let resets = try await Accounts.passwordResets(on: store, userID: ana.id)
        #expect(resets.count == 2)
        #expect(abs(resets[0].expiresAt.timeIntervalSince(resets[0].createdAt) - 2 * 3_600) < 1)
        #expect(abs(resets[1].expiresAt.timeIntervalSince(resets[1].createdAt) - 86_400) < 1, "1d by default")
        #expect(resets[0].voidedAt != nil && resets[1].voidedAt == nil, "the newer link voids the older")
        // The first code is void; the link's code sets ana's password.
        await #expect(throws: AccountError.resetUnusable) {
            try await Accounts.resetPassword(
                on: store, codeHash: OneUseCode.passwordReset.hash(code), passwordHash: "$2b$04$x")
        }
        let linked = String(printed.split(separator: "=").last ?? "")
        let set = try await Accounts.resetPassword(
            on: store,
            codeHash: OneUseCode.passwordReset.hash(linked), passwordHash: "$2b$04$y")
        #expect(set.userName == "ana")
        await store.close()
        let file = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        for secret in [code, linked] { #expect(file.range(of: Data(secret.utf8)) == nil, "a code is stored in clear") }
    }

    @Test func jsonShowsTheResetAndItsCodeOnce() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        #expect(try await cli.run(["user", "set", "--tz", "UTC"] + db).status == 0)
        #expect(try await cli.run(["token", "create", "--user", "bo"] + db).status == 0)
        let created = try await cli.run(
            ["password-reset", "create", "--user", "bo", "--json", "--public-url", "http://192.168.1.20:8080"] + db)
        #expect(created.status == 0, "\(created.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])
        let reset = try #require(json["reset"] as? [String: Any])
        #expect(reset["user"] as? String == "bo" && reset["id"] as? Int == 1)
        let code = try #require(json["code"] as? String)
        #expect(json["link"] as? String == "http://192.168.1.20:8080/#/set-password?code=\(code)")
    }

    @Test(arguments: [
        ["--user", "nobody"], ["--expires", "8d"], ["--expires", "0h"], ["--expires", "soon"], ["--expires", "1e308d"],
        ["--public-url", "ftp://cards.example.org"], [],
    ])
    func badFlagsAndUnknownLearnersStoreNothing(_ flags: [String]) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        #expect(try await cli.run(["user", "set", "--tz", "UTC"] + db).status == 0)
        #expect(try await cli.run(["token", "create", "--user", "ana"] + db).status == 0)
        let user = flags.first == "--user" ? [] : ["--user", "ana"]
        let arguments = ["password-reset", "create"] + flags + (flags.isEmpty ? [] : user) + db
        let refused = try await cli.run(arguments)
        if flags == ["--user", "nobody"] {
            #expect(refused.status == 65, "\(refused.stderr)")
            #expect(refused.stderr.contains("no learner named \"nobody\""), "\(refused.stderr)")
        } else {
            #expect(refused.status == 64, "\(flags): \(refused.stderr)")
            #expect(refused.stderr.contains(flags.first ?? "--user"), "\(refused.stderr)")
        }
        let store = try await Store.open(existingAt: cli.databasePath, now: .system)
        let ana = try #require(try await Learners.named(on: store, "ana"))
        #expect(try await Accounts.passwordResets(on: store, userID: ana.id).isEmpty)
        #expect(try await Learners.named(on: store, "nobody") == nil, "a reset makes no learner")
    }
}
