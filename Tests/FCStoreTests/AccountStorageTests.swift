import FCCore
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Accounts in the store: an account is made with its invite spent in one transaction, an invite makes one
/// account at most and none once expired, sessions are found by their hash and end one at a time or all at once,
/// and a password reset link sets its own learner's password once, only while it is the newest and unexpired.
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

    @Test func aResetLinkSetsItsLearnersPasswordOnceWhileNewestAndUnexpired() async throws {
        let database = await TemporaryDatabase.make()
        let clock = ManualNow()
        let store = try await Store.open(path: database.path, now: clock.now)
        let ana = try await store.createAccount(name: "ana", passwordHash: "$2b$04$ana", inviteHash: nil)
        let bo = try await store.createAccount(name: "bo", passwordHash: "$2b$04$bo", inviteHash: nil)
        let cy = try await store.ensureUser(named: "cy")
        let later = clock.date.addingTimeInterval(3_600)
        for hash in ["ana-phone", "ana-laptop"] {
            _ = try await store.createLoginSession(userID: ana.userID, hash: hash, expiresAt: later)
        }
        _ = try await store.createLoginSession(userID: bo.userID, hash: "bo-phone", expiresAt: later)

        // A newer link voids the older unused one; another learner's link is not touched.
        let older = try await store.createPasswordReset(userID: ana.userID, hash: "ana-1", expiresAt: later)
        let bos = try await store.createPasswordReset(userID: bo.userID, hash: "bo-1", expiresAt: later)
        clock.advance(by: 1)
        let newer = try await store.createPasswordReset(userID: ana.userID, hash: "ana-2", expiresAt: later)
        let anas = try await store.passwordResets(userID: ana.userID)
        #expect(anas.map(\.id) == [older.id, newer.id])
        #expect(anas[0].voidedAt != nil && anas[1].voidedAt == nil && anas[1].usedAt == nil)
        #expect(try await store.passwordResets(userID: bo.userID) == [bos])

        // Voided, unknown: refused alike, nothing changes.
        for hash in ["ana-1", "never-made"] {
            await #expect(throws: AccountError.resetUnusable) {
                try await store.resetPassword(codeHash: hash, passwordHash: "$2b$04$new")
            }
        }
        #expect(try await store.credentials(userID: ana.userID)?.passwordHash == "$2b$04$ana")
        #expect(try await store.loginSession(hash: "ana-phone") != nil)

        // The newest sets ana's password and ends every session of ana's, none of bo's; then it is used.
        let reset = try await store.resetPassword(codeHash: "ana-2", passwordHash: "$2b$04$new")
        #expect(reset.userID == ana.userID && reset.userName == "ana" && reset.passwordHash == "$2b$04$new")
        #expect(try await store.credentials(named: "ana")?.passwordHash == "$2b$04$new")
        #expect(try await store.credentials(named: "bo")?.passwordHash == "$2b$04$bo")
        for hash in ["ana-phone", "ana-laptop"] { #expect(try await store.loginSession(hash: hash) == nil) }
        #expect(try await store.loginSession(hash: "bo-phone") != nil)
        #expect(try await store.passwordResets(userID: ana.userID).last?.usedAt != nil)
        await #expect(throws: AccountError.resetUnusable) {
            try await store.resetPassword(codeHash: "ana-2", passwordHash: "$2b$04$again")
        }
        #expect(try await store.credentials(named: "ana")?.passwordHash == "$2b$04$new")
        // A used link is not voided by a newer one: it keeps saying when it was used.
        _ = try await store.createPasswordReset(userID: ana.userID, hash: "ana-3", expiresAt: later)
        #expect(try await store.passwordResets(userID: ana.userID)[1].voidedAt == nil)

        // Expired at its instant.
        let short = clock.date.addingTimeInterval(60)
        _ = try await store.createPasswordReset(userID: bo.userID, hash: "bo-2", expiresAt: short)
        clock.advance(by: 60)
        await #expect(throws: AccountError.resetUnusable) {
            try await store.resetPassword(codeHash: "bo-2", passwordHash: "$2b$04$late")
        }
        #expect(try await store.credentials(named: "bo")?.passwordHash == "$2b$04$bo")

        // A learner with tokens only gets a first password, not an admin's.
        _ = try await store.createPasswordReset(userID: cy.id, hash: "cy-1", expiresAt: later)
        let first = try await store.resetPassword(codeHash: "cy-1", passwordHash: "$2b$04$cy")
        #expect(first.userID == cy.id && !first.isAdmin)
        #expect(try await store.credentials(named: "cy")?.passwordHash == "$2b$04$cy")
    }
}
