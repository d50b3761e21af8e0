import FCCore
import Foundation

extension Database {
    /// The learner's state of the card; `nil` when they have never reviewed it.
    package func cardState(userID: Int64, cardID: Int64) async throws -> StoredCardState? {
        try await connection.withQuery(
            "SELECT \(raw: Self.stateColumns) FROM card_states WHERE user_id = \(userID) AND card_id = \(cardID)",
            operation: "read card state"
        ) { statement in
            return try await statement.step() ? try Self.state(from: statement, at: 0) : nil
        }
    }

    /// The learner's reviews of the card, oldest first.
    package func reviewLog(userID: Int64, cardID: Int64) async throws -> [StoredReview] {
        try await connection.withQuery(
            """
            SELECT rating, reviewed_at FROM reviews WHERE user_id = \(userID) AND card_id = \(cardID) ORDER BY
                reviewed_at, id
            """,
            operation: "read review log"
        ) { statement in
            var log: [StoredReview] = []
            while try await statement.step() {
                log.append(
                    StoredReview(
                        rating: statement.int(at: 0), reviewedAt: Date(unixMilliseconds: statement.int64(at: 1))))
            }
            return log
        }
    }

    /// A review row sent by ``sendReview(_:state:sessionID:)``: its id known already (SQLite's last rowid) or the
    /// answer of its `RETURNING id`, read at the end (PostgreSQL does not wait for it when it is sent). Hand it to
    /// ``reviewID(of:)`` before the transaction ends.
    package struct SentReview {
        enum Answer {
            case inserted(id: Int64)
            case answering(any SQLStatement)
        }

        let answer: Answer

        func id() async throws -> Int64 {
            switch answer {
            case .inserted(let id): return id
            case .answering(let statement):
                guard try await statement.step() else {
                    throw StoreError.corruptRow(table: "reviews", column: "id", rowID: 0)
                }
                return statement.int64(at: 0)
            }
        }

        /// Rewinds the cached statement still holding its answer: whoever sends a review releases it when done (a
        /// `defer` right after the send), so a failure after the send leaves no statement mid-answer.
        package func release() {
            if case .answering(let statement) = answer { statement.reset() }
        }
    }

    /// The id of the review row `sent` inserted: the answer of its `RETURNING id` on PostgreSQL, waited for now.
    package func reviewID(of sent: SentReview) async throws -> Int64 {
        defer { sent.release() }
        return try await sent.id()
    }

    /// Sends the review's row; its id is read by ``reviewID(of:)``.
    package func sendReview(_ decision: ReviewDecision, state: StoredCardState, sessionID: Int64?) async throws
        -> SentReview
    {
        let sent: SentReview
        let row = Self.reviewRow(decision, state: state, sessionID: sessionID)
        if connection.dialect.insertsReturnRows {
            // RETURNING (where the engine answers inserts with rows, ``SQLDialect/insertsReturnRows``) rather than
            // asking for the last id: one round trip on PostgreSQL instead of two.
            let statement = try connection.serverPreparedStatement(
                for: "\(raw: Self.reviewInsert) VALUES \(row) RETURNING id", operation: "insert review")
            try await statement.prefetch()
            sent = SentReview(answer: .answering(statement))
        } else {
            try await connection.runQuery("\(raw: Self.reviewInsert) VALUES \(row)", operation: "insert review")
            sent = await SentReview(answer: .inserted(id: connection.lastInsertRowID))
        }
        if faultAfterReviewInsert {
            sent.release()
            throw StoreError.injectedFault(afterCardInserts: 0)
        }
        return sent
    }

    /// Inserts or updates the learner's state of a card (the upsert: ``stateMerge``).
    package func upsertState(_ state: StoredCardState) async throws {
        try await connection.withServerPreparedQuery(
            "\(raw: Self.stateInsert) VALUES \(Self.stateRow(state)) \(raw: Self.stateMerge)",
            operation: "write card state"
        ) { try await $0.runPipelined() }
    }

    /// The columns ``state(from:at:)`` reads, in order, for the table aliased by nothing or `s`.
    static let stateColumns =
        "user_id, card_id, algorithm, phase, step, stability, difficulty, box, due, last_review, reps, lapses, level"

    /// ``stateColumns``, each qualified by `alias`.
    static func stateColumns(alias: String) -> String {
        stateColumns.split(separator: ", ").map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    static func state(from statement: any SQLStatement, at first: Int32) throws -> StoredCardState {
        StoredCardState(
            userID: statement.int64(at: first), cardID: statement.int64(at: first + 1),
            algorithm: try statement.algorithm(at: first + 2, table: "card_states"),
            phase: try statement.phase(at: first + 3),
            step: statement.optionalInt(at: first + 4), stability: statement.optionalDouble(at: first + 5),
            difficulty: statement.optionalDouble(at: first + 6), box: statement.optionalInt(at: first + 7),
            due: Date(unixMilliseconds: statement.int64(at: first + 8)),
            lastReview: statement.optionalInt64(at: first + 9).map(Date.init(unixMilliseconds:)),
            reps: statement.int(at: first + 10), lapses: statement.int(at: first + 11),
            level: statement.int(at: first + 12))
    }
}

extension Store {
    package func cardState(userID: Int64, cardID: Int64) async throws -> StoredCardState? {
        try await read { try await $0.cardState(userID: userID, cardID: cardID) }
    }

    package func reviewLog(userID: Int64, cardID: Int64) async throws -> [StoredReview] {
        try await read { try await $0.reviewLog(userID: userID, cardID: cardID) }
    }
}
