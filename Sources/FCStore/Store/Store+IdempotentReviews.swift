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
        try await connection.withQuery(
            "SELECT request_hash, status, response FROM idempotency_keys WHERE user_id = \(userID) AND key = \(key)",
            operation: "read idempotency key"
        ) { statement in
            guard try await statement.step() else { return nil }
            return (
                statement.string(at: 0),
                IdempotentReply(status: statement.int(at: 1), response: statement.string(at: 2), replayed: true)
            )
        }
    }

    /// ``ReviewRepository/lockLearnerReadingReply(userID:key:)``: on PostgreSQL the lock and the key's read are
    /// one statement (the key read in the snapshot taken before the lock was granted, as it was read before the
    /// lock when they were two: a retry that committed meanwhile makes this one's key insert fail, and group
    /// commit runs it again alone, which then replays); SQLite has no lock to take.
    package func lockLearnerReadingReply(userID: Int64, key: String) async throws -> (
        requestHash: String, reply: IdempotentReply
    )? {
        guard connection.dialect == .postgres else { return try await idempotentReply(userID: userID, key: key) }
        return try await connection.withServerPreparedQuery(
            """
            SELECT k.request_hash, k.status, k.response FROM users u
                LEFT JOIN idempotency_keys k ON k.user_id = u.id AND k.key = \(key)
            WHERE u.id = \(userID) FOR UPDATE OF u
            """,
            operation: "lock learner, read idempotency key"
        ) { statement in
            guard try await statement.step(), !statement.isNull(at: 0) else { return nil }
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
        try await connection.withQuery(
            """
            INSERT INTO idempotency_keys (user_id, key, request_hash, status, response, created_at)
            VALUES (\(userID), \(key), \(requestHash), 201, \(response), \(now().unixMilliseconds))
            """,
            operation: "store idempotency key"
        ) { statement in
            try await statement.run()
        }
    }
}
