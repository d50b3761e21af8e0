import FCCore
import FCPipeline
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
        let invite = try await Accounts.createInvite(
            on: store,
            hash: "invite-hash", isAdmin: true, expiresAt: clock.date.addingTimeInterval(3_600))
        #expect(try await Accounts.invites(on: store).map(\.id) == [invite.id])

        let ana = try await Accounts.signUp(
            on: store, name: " ana ", passwordHash: "$2b$04$ana", inviteHash: "invite-hash")
        #expect(ana.userName == "ana" && ana.isAdmin)
        #expect(try await Accounts.invites(on: store).first?.usedAt != nil)
        // Used once: a second account with the same code is refused, and its learner is not made.
        await #expect(throws: AccountError.inviteUnusable) {
            try await Accounts.signUp(on: store, name: "bo", passwordHash: "$2b$04$bo", inviteHash: "invite-hash")
        }
        #expect(try await Learners.named(on: store, "bo") == nil)
        // Unknown and expired codes are refused alike.
        _ = try await Accounts.createInvite(
            on: store, hash: "late", isAdmin: false, expiresAt: clock.date.addingTimeInterval(60))
        clock.advance(by: 60)
        await #expect(throws: AccountError.inviteUnusable) {
            try await Accounts.signUp(on: store, name: "bo", passwordHash: "$2b$04$bo", inviteHash: "late")
        }
        await #expect(throws: AccountError.inviteUnusable) {
            try await Accounts.signUp(on: store, name: "bo", passwordHash: "$2b$04$bo", inviteHash: "never-made")
        }
        // A taken name (ignoring case) is refused, a token-only learner's too, and spends no invite.
        _ = try await Learners.ensure(on: store, named: "Cy")
        _ = try await Accounts.createInvite(
            on: store, hash: "fresh", isAdmin: false, expiresAt: clock.date.addingTimeInterval(60))
        for name in ["ANA", "cy"] {
            await #expect(throws: AccountError.nameTaken) {
                try await Accounts.signUp(on: store, name: name, passwordHash: "$2b$04$x", inviteHash: "fresh")
            }
        }
        let bo = try await Accounts.signUp(on: store, name: "bo", passwordHash: "$2b$04$bo", inviteHash: "fresh")
        #expect(!bo.isAdmin)
        #expect(try await Accounts.credentials(on: store, named: "BO")?.passwordHash == "$2b$04$bo")
        #expect(try await Accounts.credentials(on: store, named: "cy") == nil, "a token-only learner has no password")
    }

    @Test func sessionsAreFoundByHashAndEndOneAtATimeOrEverywhere() async throws {
        let database = await TemporaryDatabase.make()
        let clock = ManualNow()
        let store = try await Store.open(path: database.path, now: clock.now)
        let ana = try await Accounts.signUp(on: store, name: "ana", passwordHash: "$2b$04$ana", inviteHash: nil)
        let bo = try await Accounts.signUp(on: store, name: "bo", passwordHash: "$2b$04$bo", inviteHash: nil)
        let later = clock.date.addingTimeInterval(3_600)
        let phone = try await Accounts.startSession(on: store, userID: ana.userID, hash: "phone", expiresAt: later)
        let laptop = try await Accounts.startSession(on: store, userID: ana.userID, hash: "laptop", expiresAt: later)
        _ = try await Accounts.startSession(on: store, userID: bo.userID, hash: "bo", expiresAt: later)

        let found = try #require(try await store.read { try await $0.loginSession(hash: "phone") })
        #expect(found.id == phone && found.userID == ana.userID && found.userName == "ana" && !found.isAdmin)
        #expect(try await store.read { try await $0.loginSession(hash: "unknown") } == nil)

        try await Accounts.signOut(on: store, sessionID: phone)
        #expect(try await store.read { try await $0.loginSession(hash: "phone") } == nil)
        #expect(try await store.read { try await $0.loginSession(hash: "laptop") }?.id == laptop)

        // Everywhere but one (a password change), then everywhere; another learner's sessions stay.
        _ = try await Accounts.startSession(on: store, userID: ana.userID, hash: "tablet", expiresAt: later)
        #expect(try await Accounts.signOutEverywhere(on: store, userID: ana.userID, keeping: laptop) == 1)
        #expect(try await store.read { try await $0.loginSession(hash: "laptop") } != nil)
        #expect(try await Accounts.signOutEverywhere(on: store, userID: ana.userID) == 1)
        #expect(try await store.read { try await $0.loginSession(hash: "laptop") } == nil)
        #expect(try await store.read { try await $0.loginSession(hash: "bo") } != nil)

        // A token-only learner can be given a password; changing it keeps one row.
        let cy = try await Learners.ensure(on: store, named: "cy")
        try await Accounts.setPassword(on: store, userID: cy.id, passwordHash: "$2b$04$one", keepingSession: nil)
        try await Accounts.setPassword(on: store, userID: cy.id, passwordHash: "$2b$04$two", keepingSession: nil)
        #expect(try await Accounts.credentials(on: store, userID: cy.id)?.passwordHash == "$2b$04$two")
    }

    @Test func aResetLinkSetsItsLearnersPasswordOnceWhileNewestAndUnexpired() async throws {
        let database = await TemporaryDatabase.make()
        let clock = ManualNow()
        let store = try await Store.open(path: database.path, now: clock.now)
        let ana = try await Accounts.signUp(on: store, name: "ana", passwordHash: "$2b$04$ana", inviteHash: nil)
        let bo = try await Accounts.signUp(on: store, name: "bo", passwordHash: "$2b$04$bo", inviteHash: nil)
        let cy = try await Learners.ensure(on: store, named: "cy")
        let later = clock.date.addingTimeInterval(3_600)
        for hash in ["ana-phone", "ana-laptop"] {
            _ = try await Accounts.startSession(on: store, userID: ana.userID, hash: hash, expiresAt: later)
        }
        _ = try await Accounts.startSession(on: store, userID: bo.userID, hash: "bo-phone", expiresAt: later)

        // A newer link voids the older unused one; another learner's link is not touched.
        let older = try await Accounts.createPasswordReset(
            on: store, userID: ana.userID, hash: "ana-1", expiresAt: later)
        let bos = try await Accounts.createPasswordReset(on: store, userID: bo.userID, hash: "bo-1", expiresAt: later)
        clock.advance(by: 1)
        let newer = try await Accounts.createPasswordReset(
            on: store, userID: ana.userID, hash: "ana-2", expiresAt: later)
        let anas = try await Accounts.passwordResets(on: store, userID: ana.userID)
        #expect(anas.map(\.id) == [older.id, newer.id])
        #expect(anas[0].voidedAt != nil && anas[1].voidedAt == nil && anas[1].usedAt == nil)
        #expect(try await Accounts.passwordResets(on: store, userID: bo.userID) == [bos])

        // Voided, unknown: refused alike, nothing changes.
        for hash in ["ana-1", "never-made"] {
            await #expect(throws: AccountError.resetUnusable) {
                try await Accounts.resetPassword(on: store, codeHash: hash, passwordHash: "$2b$04$new")
            }
        }
        #expect(try await Accounts.credentials(on: store, userID: ana.userID)?.passwordHash == "$2b$04$ana")
        #expect(try await store.read { try await $0.loginSession(hash: "ana-phone") } != nil)

        // The newest sets ana's password and ends every session of ana's, none of bo's; then it is used.
        let reset = try await Accounts.resetPassword(on: store, codeHash: "ana-2", passwordHash: "$2b$04$new")
        #expect(reset.userID == ana.userID && reset.userName == "ana" && reset.passwordHash == "$2b$04$new")
        #expect(try await Accounts.credentials(on: store, named: "ana")?.passwordHash == "$2b$04$new")
        #expect(try await Accounts.credentials(on: store, named: "bo")?.passwordHash == "$2b$04$bo")
        for hash in ["ana-phone", "ana-laptop"] {
            #expect(try await store.read { try await $0.loginSession(hash: hash) } == nil)
        }
        #expect(try await store.read { try await $0.loginSession(hash: "bo-phone") } != nil)
        #expect(try await Accounts.passwordResets(on: store, userID: ana.userID).last?.usedAt != nil)
        await #expect(throws: AccountError.resetUnusable) {
            try await Accounts.resetPassword(on: store, codeHash: "ana-2", passwordHash: "$2b$04$again")
        }
        #expect(try await Accounts.credentials(on: store, named: "ana")?.passwordHash == "$2b$04$new")
        // A used link is not voided by a newer one: it keeps saying when it was used.
        _ = try await Accounts.createPasswordReset(on: store, userID: ana.userID, hash: "ana-3", expiresAt: later)
        #expect(try await Accounts.passwordResets(on: store, userID: ana.userID)[1].voidedAt == nil)

        // Expired at its instant.
        let short = clock.date.addingTimeInterval(60)
        _ = try await Accounts.createPasswordReset(on: store, userID: bo.userID, hash: "bo-2", expiresAt: short)
        clock.advance(by: 60)
        await #expect(throws: AccountError.resetUnusable) {
            try await Accounts.resetPassword(on: store, codeHash: "bo-2", passwordHash: "$2b$04$late")
        }
        #expect(try await Accounts.credentials(on: store, named: "bo")?.passwordHash == "$2b$04$bo")

        // A learner with tokens only gets a first password, not an admin's.
        _ = try await Accounts.createPasswordReset(on: store, userID: cy.id, hash: "cy-1", expiresAt: later)
        let first = try await Accounts.resetPassword(on: store, codeHash: "cy-1", passwordHash: "$2b$04$cy")
        #expect(first.userID == cy.id && !first.isAdmin)
        #expect(try await Accounts.credentials(on: store, named: "cy")?.passwordHash == "$2b$04$cy")
    }
}
