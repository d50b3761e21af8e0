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
    /// ``recordReviews(_:decide:gamify:)`` under an idempotency key, in ONE transaction with the key's row.
    ///
    /// The key is looked up under the write lock: when the learner already used it for the same request
    /// (`requestHash`), the stored response comes back and nothing is recorded; for a different request it is
    /// ``StoreError/idempotencyKeyReused(key:)``. Otherwise the reviews are recorded, `respond` turns them into the
    /// response, and the key, the request hash and the response are stored before the commit, so concurrent retries
    /// with one key serialise on the write lock and exactly one of them records.
    package func recordReviewsIdempotently(
        userID: Int64, key: String, requestHash: String, _ reviews: [PendingReview],
        decide: (ReviewContext, Int) throws -> ReviewDecision,
        gamify: ((GamificationInput, Int) throws -> GamificationWrite?)?,
        respond: ([RecordedReview]) throws -> String
    ) async throws -> IdempotentReply {
        try await connection.immediateTransaction("record reviews idempotently") {
            if let stored = try await idempotentReply(userID: userID, key: key) {
                guard stored.hash == requestHash else { throw StoreError.idempotencyKeyReused(key: key) }
                return IdempotentReply(status: stored.status, response: stored.response, replayed: true)
            }
            let recorded = try await recordReviews(reviews, decide: decide, gamify: gamify)
            let response = try respond(recorded)
            try await connection.withStatement(
                """
                INSERT INTO idempotency_keys (user_id, key, request_hash, status, response, created_at)
                VALUES (?, ?, ?, 201, ?, ?)
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
            return IdempotentReply(status: 201, response: response, replayed: false)
        }
    }

    private func idempotentReply(userID: Int64, key: String) async throws -> (
        hash: String, status: Int, response: String
    )? {
        try await connection.withStatement(
            "SELECT request_hash, status, response FROM idempotency_keys WHERE user_id = ? AND key = ?",
            operation: "read idempotency key"
        ) { statement in
            try statement.bind(userID, at: 1)
            try statement.bind(key, at: 2)
            guard try await statement.step() else { return nil }
            return (statement.string(at: 0), statement.int(at: 1), statement.string(at: 2))
        }
    }
}
