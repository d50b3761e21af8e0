import FCCore

/// What an idempotent write answered: the stored response, and whether this call only replayed it.
package struct IdempotentReply: Sendable, Hashable {
    /// The HTTP status of the first answer.
    package var status: Int
    /// The response body of the first answer, byte for byte.
    package var response: String
    /// `true` when the key was already used for this request and nothing was recorded now.
    package var replayed: Bool

    package init(status: Int, response: String, replayed: Bool) {
        self.status = status
        self.response = response
        self.replayed = replayed
    }
}

extension Database {
    /// The reply stored under the learner's idempotency key, with the hash of the request that stored it; `nil`
    /// when the key is unused.
    package func idempotentReply(userID: Int64, key: String) async throws -> (
        requestHash: String, reply: IdempotentReply
    )? {
        try await connection.withStatement(
            "SELECT request_hash, status, response FROM idempotency_keys WHERE user_id = $1 AND key = $2",
            operation: "read idempotency key"
        ) { statement in
            try statement.bind(userID, at: 1)
            try statement.bind(key, at: 2)
            guard try await statement.step() else { return nil }
            return (
                statement.string(at: 0),
                IdempotentReply(status: statement.int(at: 1), response: statement.string(at: 2), replayed: true)
            )
        }
    }

    /// Stores `response` (status 201) under the learner's idempotency key, with the request's hash; inside the
    /// transaction that recorded what it answers, so the key and the work commit together.
    package func storeIdempotentReply(userID: Int64, key: String, requestHash: String, response: String)
        async throws
    {
        try await connection.withStatement(
            """
            INSERT INTO idempotency_keys (user_id, key, request_hash, status, response, created_at)
            VALUES ($1, $2, $3, 201, $4, $5)
            """,
            operation: "store idempotency key"
        ) { statement in
            try statement.bind(userID, at: 1)
            try statement.bind(key, at: 2)
            try statement.bind(requestHash, at: 3)
            try statement.bind(response, at: 4)
            try statement.bind(now().unixMilliseconds, at: 5)
            try await statement.run()
        }
    }
}
