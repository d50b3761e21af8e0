import FCCore
package import FCStore
package import Foundation

/// Bearer tokens (`fcgen token …`, the Me screen's personal tokens, every request's `Authorization: Bearer`), as
/// plain steps over the store's ``FCStore/TokenRepository``. The token itself never reaches here: callers hash it
/// (`TokenCodec`), and only the hash and a short prefix are stored.
package enum APITokens {
    /// Why a learner's revocation of a token was refused.
    package enum Refusal: Error, Sendable, Hashable {
        /// No token of the learner has this id (another learner's token is not found either).
        case notFound
        /// The request's own token cannot revoke itself.
        case revokingItself
    }

    /// Stores a new token for the learner `userID`, expiring at `expiresAt` (never when `nil`).
    ///
    /// - Throws: a ``FCStore/StoreError`` (a hash stored already: a token drawn twice, never in practice).
    package static func create(
        on store: Store, userID: Int64, hash: String, prefix: String, isAdmin: Bool, expiresAt: Date?
    ) async throws -> APIToken {
        let token = NewAPIToken(
            userID: userID, hash: hash, prefix: prefix, isAdmin: isAdmin, createdAt: store.now().unixMilliseconds,
            expiresAt: expiresAt?.unixMilliseconds)
        return try await store.write("create API token") { db in try await create(token, in: db) }
    }

    /// Stores `token` in the caller's transaction and reads it back.
    package static func create(
        _ token: NewAPIToken, in db: borrowing some TokenRepository & ~Copyable
    ) async throws -> APIToken {
        let id = try await db.insertAPIToken(token)
        guard let stored = try await db.apiToken(id: id) else { throw StoreError.tokenNotFound(id: id) }
        return stored
    }

    /// The token whose hash is `hash` when it lets a request in at `now` (not revoked, not expired); `nil` otherwise.
    package static func authenticate(on store: Store, hash: String, at now: Date) async throws -> APIToken? {
        // One statement, sent alone (`read(oneStatement:)`): every request with a bearer token asks this.
        guard let token = try await store.read(oneStatement: true, { try await $0.apiToken(hash: hash) }),
            token.isUsable(at: now)
        else {
            return nil
        }
        return token
    }

    /// Every token (`userID` `nil`) or the learner's, oldest first, revoked and expired ones too.
    package static func list(on store: Store, userID: Int64? = nil) async throws -> [APIToken] {
        try await store.read { db in
            if let userID { try await db.apiTokens(userID: userID) } else { try await db.apiTokens() }
        }
    }

    /// Revokes the token `id` (an operator's revocation: any learner's); revoking a revoked token keeps its first time.
    ///
    /// - Throws: ``FCStore/StoreError/tokenNotFound(id:)``.
    package static func revoke(on store: Store, id: Int64) async throws -> APIToken {
        let time = store.now().unixMilliseconds
        return try await store.write("revoke API token") { db in
            guard try await db.apiToken(id: id) != nil else { throw StoreError.tokenNotFound(id: id) }
            try await db.markAPITokenRevoked(id: id, at: time)
            guard let token = try await db.apiToken(id: id) else { throw StoreError.tokenNotFound(id: id) }
            return token
        }
    }

    /// Revokes the learner's own token `id`, asked with the token `callerTokenID` (`nil`: a sign-in session).
    ///
    /// - Throws: ``Refusal/notFound`` when `id` is not one of the learner's tokens, ``Refusal/revokingItself`` when
    ///   it is the token the request came with; nothing changes then.
    package static func revoke(
        on store: Store, id: Int64, ofLearner userID: Int64, askedWith callerTokenID: Int64?
    ) async throws -> APIToken {
        let time = store.now().unixMilliseconds
        return try await store.write("revoke API token") { db in
            guard let token = try await db.apiToken(id: id), token.userID == userID else { throw Refusal.notFound }
            guard id != callerTokenID else { throw Refusal.revokingItself }
            try await db.markAPITokenRevoked(id: id, at: time)
            return try await db.apiToken(id: id) ?? token
        }
    }
}
