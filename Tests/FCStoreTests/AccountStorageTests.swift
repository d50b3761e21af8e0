import FCCore
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Accounts in the store: an account is made with its invite spent in one transaction, an invite makes one
/// account at most and none once expired, sessions are found by their hash and end one at a time or all at once.
struct AccountStorageTests {
    @Test func anInviteMakesOneAccountAndNoneOnceExpiredOrUsed() async throws {
        let database = await TemporaryDatabase.make()
        let clock = ManualNow()
        let store = try await Store.open(path: database.path, now: clock.now)
        let invite = try await store.createInvite(
            hash: "invite-hash", isAdmin: true, expiresAt: clock.date.addingTimeInterval(3_600))
        #expect(try await store.invites().map(\.id) == [invite.id])

        let ana = try await store.createAccount(name: " ana ", passwordHash: "$2b$04$ana", inviteHash: "invite-hash")
        #expect(ana.userName == "ana" && ana.isAdmin)
        #expect(try await store.invites().first?.usedAt != nil)
        // Used once: a second account with the same code is refused, and its learner is not made.
        await #expect(throws: AccountError.inviteUnusable) {
            try await store.createAccount(name: "bo", passwordHash: "$2b$04$bo", inviteHash: "invite-hash")
        }
        #expect(try await store.user(named: "bo") == nil)
        // Unknown and expired codes are refused alike.
        _ = try await store.createInvite(hash: "late", isAdmin: false, expiresAt: clock.date.addingTimeInterval(60))
        clock.advance(by: 60)
        await #expect(throws: AccountError.inviteUnusable) {
            try await store.createAccount(name: "bo", passwordHash: "$2b$04$bo", inviteHash: "late")
        }
        await #expect(throws: AccountError.inviteUnusable) {
            try await store.createAccount(name: "bo", passwordHash: "$2b$04$bo", inviteHash: "never-made")
        }
        // A taken name (ignoring case) is refused, a token-only learner's too, and spends no invite.
        _ = try await store.ensureUser(named: "Cy")
        _ = try await store.createInvite(hash: "fresh", isAdmin: false, expiresAt: clock.date.addingTimeInterval(60))
        for name in ["ANA", "cy"] {
            await #expect(throws: AccountError.nameTaken) {
                try await store.createAccount(name: name, passwordHash: "$2b$04$x", inviteHash: "fresh")
            }
        }
        let bo = try await store.createAccount(name: "bo", passwordHash: "$2b$04$bo", inviteHash: "fresh")
        #expect(!bo.isAdmin)
        #expect(try await store.credentials(named: "BO")?.passwordHash == "$2b$04$bo")
        #expect(try await store.credentials(named: "cy") == nil, "a token-only learner has no password")
    }

    @Test func sessionsAreFoundByHashAndEndOneAtATimeOrEverywhere() async throws {
        let database = await TemporaryDatabase.make()
        let clock = ManualNow()
        let store = try await Store.open(path: database.path, now: clock.now)
        let ana = try await store.createAccount(name: "ana", passwordHash: "$2b$04$ana", inviteHash: nil)
        let bo = try await store.createAccount(name: "bo", passwordHash: "$2b$04$bo", inviteHash: nil)
        let later = clock.date.addingTimeInterval(3_600)
        let phone = try await store.createLoginSession(userID: ana.userID, hash: "phone", expiresAt: later)
        let laptop = try await store.createLoginSession(userID: ana.userID, hash: "laptop", expiresAt: later)
        _ = try await store.createLoginSession(userID: bo.userID, hash: "bo", expiresAt: later)

        let found = try #require(try await store.loginSession(hash: "phone"))
        #expect(found.id == phone && found.userID == ana.userID && found.userName == "ana" && !found.isAdmin)
        #expect(try await store.loginSession(hash: "unknown") == nil)

        try await store.deleteLoginSession(id: phone)
        #expect(try await store.loginSession(hash: "phone") == nil)
        #expect(try await store.loginSession(hash: "laptop")?.id == laptop)

        // Everywhere but one (a password change), then everywhere; another learner's sessions stay.
        _ = try await store.createLoginSession(userID: ana.userID, hash: "tablet", expiresAt: later)
        #expect(try await store.deleteLoginSessions(userID: ana.userID, keeping: laptop) == 1)
        #expect(try await store.loginSession(hash: "laptop") != nil)
        #expect(try await store.deleteLoginSessions(userID: ana.userID) == 1)
        #expect(try await store.loginSession(hash: "laptop") == nil)
        #expect(try await store.loginSession(hash: "bo") != nil)

        // A token-only learner can be given a password; changing it keeps one row.
        let cy = try await store.ensureUser(named: "cy")
        try await store.setPasswordHash("$2b$04$one", userID: cy.id)
        try await store.setPasswordHash("$2b$04$two", userID: cy.id)
        #expect(try await store.credentials(userID: cy.id)?.passwordHash == "$2b$04$two")
    }
}
