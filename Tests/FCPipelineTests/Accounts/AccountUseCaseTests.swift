import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The account rules the use cases hold that no route test pins at its edge: a session or token lets a request in
/// until, not at, its expiry; a new password ends every other session of its learner in the same write.
struct AccountUseCaseTests {
    @Test func aSessionAndATokenLetNothingInFromTheirExpiry() async throws {
        let database = await TemporaryDatabase.make()
        let clock = ManualNow()
        let store = try await Store.open(path: database.path, now: clock.now)
        let ana = try await Accounts.signUp(on: store, name: "ana", passwordHash: "$2b$04$ana", inviteHash: nil)
        let end = clock.date.addingTimeInterval(3_600)
        let session = try await Accounts.startSession(on: store, userID: ana.userID, hash: "phone", expiresAt: end)
        let token = try await APITokens.create(
            on: store, userID: ana.userID, hash: "token", prefix: "fcg_abcd", isAdmin: false, expiresAt: end)
        let justBefore = end.addingTimeInterval(-0.001)
        #expect(try await Accounts.session(on: store, hash: "phone", at: justBefore)?.id == session)
        #expect(try await APITokens.authenticate(on: store, hash: "token", at: justBefore)?.id == token.id)
        #expect(try await Accounts.session(on: store, hash: "phone", at: end) == nil)
        #expect(try await APITokens.authenticate(on: store, hash: "token", at: end) == nil)
        // Revoked: refused before its expiry too, and revoking again keeps the first time.
        let revoked = try await APITokens.revoke(on: store, id: token.id)
        clock.advance(by: 60)
        #expect(try await APITokens.revoke(on: store, id: token.id).revokedAt == revoked.revokedAt)
        #expect(try await APITokens.authenticate(on: store, hash: "token", at: justBefore) == nil)
        await #expect(throws: StoreError.tokenNotFound(id: 999)) { try await APITokens.revoke(on: store, id: 999) }
        await store.close()
    }

    @Test func aLearnerRevokesOnlyTheirOwnTokensAndNotTheOneTheyAskWith() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: ManualNow().now)
        let ana = try await Learners.ensure(on: store, named: "ana")
        let bo = try await Learners.ensure(on: store, named: "bo")
        let anas = try await APITokens.create(
            on: store, userID: ana.id, hash: "a", prefix: "fcg_aaaa", isAdmin: false, expiresAt: nil)
        let bos = try await APITokens.create(
            on: store, userID: bo.id, hash: "b", prefix: "fcg_bbbb", isAdmin: false, expiresAt: nil)
        await #expect(throws: APITokens.Refusal.notFound) {
            try await APITokens.revoke(on: store, id: bos.id, ofLearner: ana.id, askedWith: anas.id)
        }
        await #expect(throws: APITokens.Refusal.revokingItself) {
            try await APITokens.revoke(on: store, id: anas.id, ofLearner: ana.id, askedWith: anas.id)
        }
        #expect(try await APITokens.list(on: store).allSatisfy { $0.revokedAt == nil }, "nothing changed")
        let revoked = try await APITokens.revoke(on: store, id: anas.id, ofLearner: ana.id, askedWith: nil)
        #expect(revoked.revokedAt != nil)
        await store.close()
    }

    @Test func aNewPasswordEndsEveryOtherSessionOfItsLearner() async throws {
        let database = await TemporaryDatabase.make()
        let clock = ManualNow()
        let store = try await Store.open(path: database.path, now: clock.now)
        let ana = try await Accounts.signUp(on: store, name: "ana", passwordHash: "$2b$04$one", inviteHash: nil)
        let bo = try await Accounts.signUp(on: store, name: "bo", passwordHash: "$2b$04$bo", inviteHash: nil)
        let later = clock.date.addingTimeInterval(3_600)
        let phone = try await Accounts.startSession(on: store, userID: ana.userID, hash: "phone", expiresAt: later)
        try await Accounts.startSession(on: store, userID: ana.userID, hash: "laptop", expiresAt: later)
        try await Accounts.startSession(on: store, userID: bo.userID, hash: "bo", expiresAt: later)
        let ended = try await Accounts.setPassword(
            on: store, userID: ana.userID, passwordHash: "$2b$04$two", keepingSession: phone)
        #expect(ended == 1)
        #expect(try await Accounts.credentials(on: store, userID: ana.userID)?.passwordHash == "$2b$04$two")
        #expect(try await Accounts.session(on: store, hash: "phone", at: clock.date)?.id == phone)
        #expect(try await Accounts.session(on: store, hash: "laptop", at: clock.date) == nil)
        #expect(try await Accounts.session(on: store, hash: "bo", at: clock.date) != nil, "another learner's stays")
        await store.close()
    }
}
