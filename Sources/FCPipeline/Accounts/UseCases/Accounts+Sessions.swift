import FCCore
package import FCStore
package import Foundation

/// The web app's sign-in sessions: started at sign-up, sign-in and password reset, looked up on every request a
/// browser makes, ended by signing out (here or everywhere).
extension Accounts {
    /// Starts a session of `userID` until `expiresAt` whose id hashes to `hash`, and deletes the learner's sessions
    /// that have expired (so the table holds no more than each learner's live sessions and those not yet swept);
    /// the new session's id.
    @discardableResult
    package static func startSession(
        on store: Store, userID: Int64, hash: String, expiresAt: Date
    ) async throws -> Int64 {
        let time = store.now().unixMilliseconds
        return try await store.write("create login session") { db in
            try await db.deleteLoginSessions(userID: userID, expiredBy: time)
            return try await db.insertLoginSession(
                userID: userID, hash: hash, createdAt: time, expiresAt: expiresAt.unixMilliseconds)
        }
    }

    /// The session whose id hashes to `hash` when it is live at `now`, with its learner; `nil` when there is none
    /// (never made, signed out, ended everywhere) or it has expired.
    package static func session(on store: Store, hash: String, at now: Date) async throws -> LoginSession? {
        // One statement, sent alone (`read(oneStatement:)`): every request a browser makes asks this.
        guard let session = try await store.read(oneStatement: true, { try await $0.loginSession(hash: hash) }),
            now < session.expiresAt
        else { return nil }
        return session
    }

    /// Ends one session (signing out); ending an ended one does nothing.
    package static func signOut(on store: Store, sessionID: Int64) async throws {
        try await store.write("delete login session") { db in try await db.deleteLoginSession(id: sessionID) }
    }

    /// Ends every session of `userID` but `keeping` (signing out everywhere); how many ended.
    package static func signOutEverywhere(
        on store: Store, userID: Int64, keeping: Int64? = nil
    ) async throws -> Int {
        try await store.write("delete login sessions") { db in
            try await db.deleteLoginSessions(userID: userID, keeping: keeping)
        }
    }
}
