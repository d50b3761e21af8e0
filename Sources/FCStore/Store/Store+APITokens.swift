import FCCore
import Foundation

/// Bearer tokens' rows (``TokenRepository``; the use cases are `APITokens`', FCPipeline).
extension Database {
    package func insertAPIToken(_ token: NewAPIToken) async throws -> Int64 {
        try await connection.withQuery(
            """
            INSERT INTO api_tokens (user_id, token_hash, prefix, is_admin, created_at, expires_at)
            VALUES (\(token.userID), \(token.hash), \(token.prefix), \(token.isAdmin ? 1 : 0), \(token.createdAt),
                \(token.expiresAt))
                RETURNING id
            """,
            operation: "create API token"
        ) { statement in
            _ = try await statement.step()
            return statement.int64(at: 0)
        }
    }

    package func apiToken(id: Int64) async throws -> APIToken? {
        try await apiTokens(where: "t.id = \(id)").first
    }

    package func apiToken(hash: String) async throws -> APIToken? {
        try await apiTokens(where: "t.token_hash = \(hash)").first
    }

    package func apiTokens() async throws -> [APIToken] {
        try await apiTokens(where: "1 = 1")
    }

    package func apiTokens(userID: Int64) async throws -> [APIToken] {
        try await apiTokens(where: "t.user_id = \(userID)")
    }

    package func markAPITokenRevoked(id: Int64, at time: Int64) async throws {
        try await connection.withQuery(
            "UPDATE api_tokens SET revoked_at = COALESCE(revoked_at, \(time)) WHERE id = \(id)",
            operation: "revoke API token"
        ) { statement in
            try await statement.run()
        }
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
