import FCCore
package import Foundation

extension Database {
    /// Stores a new token for the learner: only `hash` (the SHA-256 of the token, hex) and its `prefix`.
    ///
    /// - Throws: ``StoreError`` when the hash is already stored (a token drawn twice: never in practice).
    package func createAPIToken(
        userID: Int64, hash: String, prefix: String, isAdmin: Bool, expiresAt: Date?
    ) async throws -> APIToken {
        let createdAt = now().unixMilliseconds
        let id = try await connection.immediateTransaction("create API token") {
            try await connection.withQuery(
                """
                INSERT INTO api_tokens (user_id, token_hash, prefix, is_admin, created_at, expires_at)
                VALUES (\(userID), \(hash), \(prefix), \(isAdmin ? 1 : 0), \(createdAt), \(expiresAt?.unixMilliseconds))
                    RETURNING id
                """,
                operation: "create API token"
            ) { statement in
                _ = try await statement.step()
                return statement.int64(at: 0)
            }
        }
        guard let token = try await apiTokens(where: "t.id = \(id)").first else {
            throw StoreError.tokenNotFound(id: id)
        }
        return token
    }

    /// The token whose hash is `hash`, revoked and expired ones included (the caller decides), or `nil`.
    package func apiToken(hash: String) async throws -> APIToken? {
        try await apiTokens(where: "t.token_hash = \(hash)").first
    }

    /// Every token, oldest first.
    package func apiTokens() async throws -> [APIToken] {
        try await apiTokens(where: "1 = 1")
    }

    /// The learner's tokens, oldest first (revoked and expired ones too).
    package func apiTokens(userID: Int64) async throws -> [APIToken] {
        try await apiTokens(where: "t.user_id = \(userID)")
    }

    /// Revokes the token (from now on it lets nothing in); revoking a revoked token keeps its first time.
    ///
    /// - Throws: ``StoreError/tokenNotFound(id:)``.
    package func revokeAPIToken(id: Int64) async throws -> APIToken {
        let revokedAt = now().unixMilliseconds
        try await connection.immediateTransaction("revoke API token") {
            try await connection.withQuery(
                "UPDATE api_tokens SET revoked_at = COALESCE(revoked_at, \(revokedAt)) WHERE id = \(id)",
                operation: "revoke API token"
            ) { statement in
                try await statement.run()
            }
        }
        guard let token = try await apiTokens(where: "t.id = \(id)").first else {
            throw StoreError.tokenNotFound(id: id)
        }
        return token
    }

    private func apiTokens(where condition: StoreQuery) async throws -> [APIToken] {
        // Server-prepared: every request of the service looks its token up.
        try await connection.withServerPreparedQuery(
            """
            SELECT t.id, t.user_id, u.name, t.prefix, t.is_admin, t.created_at, t.expires_at, t.revoked_at,
                u.time_zone
            FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE \(condition) ORDER BY t.id
            """,
            operation: "read API tokens"
        ) { statement in
            var tokens: [APIToken] = []
            while try await statement.step() {
                tokens.append(
                    APIToken(
                        id: statement.int64(at: 0), userID: statement.int64(at: 1), userName: statement.string(at: 2),
                        prefix: statement.string(at: 3), isAdmin: statement.int(at: 4) == 1,
                        createdAt: Date(unixMilliseconds: statement.int64(at: 5)),
                        expiresAt: statement.optionalInt64(at: 6).map(Date.init(unixMilliseconds:)),
                        revokedAt: statement.optionalInt64(at: 7).map(Date.init(unixMilliseconds:)),
                        userTimeZone: statement.optionalString(at: 8)))
            }
            return tokens
        }
    }
}

extension Store {
    package func createAPIToken(userID: Int64, hash: String, prefix: String, isAdmin: Bool, expiresAt: Date?)
        async throws -> APIToken
    {
        try await write("create a p i token") {
            try await $0.createAPIToken(
                userID: userID, hash: hash, prefix: prefix, isAdmin: isAdmin, expiresAt: expiresAt)
        }
    }

    package func apiToken(hash: String) async throws -> APIToken? {
        try await readStatement { try await $0.apiToken(hash: hash) }
    }

    package func apiTokens() async throws -> [APIToken] {
        try await read { try await $0.apiTokens() }
    }

    package func apiTokens(userID: Int64) async throws -> [APIToken] {
        try await read { try await $0.apiTokens(userID: userID) }
    }

    package func revokeAPIToken(id: Int64) async throws -> APIToken {
        try await write("revoke a p i token") { try await $0.revokeAPIToken(id: id) }
    }
}
