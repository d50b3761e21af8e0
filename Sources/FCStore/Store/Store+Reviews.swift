import FCCore
import Foundation

extension Database {
    /// Records one review: reads the card's context, lets `decide` compute the outcome, and writes the review row,
    /// the new card state, the session's counters and the decision's awards in ONE `BEGIN IMMEDIATE` transaction.
    ///
    /// `decide` runs inside the transaction, holding the write lock, so two processes reviewing the same card
    /// cannot both start from the same old state. It must be quick and pure (the scheduler, the gamification
    /// rules); anything it throws rolls everything back. The pipeline's `ReviewRecorder` is the caller.
    ///
    /// ```swift
    /// let recorded = try await store.recordReview(userID: me.id, cardID: 42, sessionID: nil) { context in
    ///     ReviewDecision(…)  // from Scheduler(algorithm: context.topicAlgorithm).review(…)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - sessionID: The spaced session the review belongs to; the card must be the one it expects next.
    ///   - recallWindow: When given, the context carries ``ReviewContext/recentRecall``: the learner's latest
    ///     reviews in the card's topic before this one (``recentRecall(userID:topicID:before:window:)``). A window
    ///     that follows the last review (a time read from the clock) is read at the learner's last review of the
    ///     card when that is later, and the context's ``ReviewContext/reviewTime`` says so.
    /// - Throws: ``StoreError/cardNotFound(id:)``, ``StoreError/sessionNotFound(id:)``,
    ///   ``StoreError/sessionConflict(id:problem:)``, whatever `decide` throws.
    @discardableResult
    package func recordReview(
        userID: Int64,
        cardID: Int64,
        sessionID: Int64?,
        recallWindow: RecallWindow? = nil,
        decide: (ReviewContext) throws -> ReviewDecision
    ) async throws -> RecordedReview {
        try await writeTransaction("record review") {
            try await lockLearners([userID])
            var ledger = GamificationLedger()
            let undo = try await sessionID.asyncMap {
                try await beginAnswerUndo(sessionID: $0, userID: userID, cardID: cardID)
            }
            let recorded = try await recordReviewInTransaction(
                userID: userID, cardID: cardID, sessionID: sessionID, recallWindow: recallWindow, decide: decide,
                gamify: nil, ledger: &ledger, undo: undo)
            try await save(ledger)
            if let undo, let sessionID {
                try await storeAnswerUndo(
                    undo, sessionID: sessionID, userID: userID, reviewID: recorded.reviewID, stateAfter: recorded.state)
            }
            return recorded
        }
    }

    /// The body of ``recordReview(userID:cardID:sessionID:recallWindow:decide:)``, inside a transaction the caller
    /// opened (one review, a batch in ``recordReviews(_:decide:gamify:)``, or a gamified review); `gamify`, when
    /// given, runs after the review, state and session are written (see
    /// ``recordReview(userID:cardID:sessionID:recallWindow:decide:gamify:)``). Gamification states go to `ledger`:
    /// the caller saves it before committing. `undo`, for an answer in a session, collects what undoing it needs.
    func recordReviewInTransaction(
        userID: Int64, cardID: Int64, sessionID: Int64?, recallWindow: RecallWindow?,
        decide: (ReviewContext) throws -> ReviewDecision,
        gamify: GamifyStep?, ledger: inout GamificationLedger, undo: AnswerUndoCapture? = nil
    ) async throws -> RecordedReview {
        // PostgreSQL: the learner's time zone and gamification state are sent ahead, and come with the card's read:
        // one wait for everything the review reads (the learner's lock, sent before, included).
        let zoneAndState = await gamify == nil ? nil : try prefetchZoneAndState(userID: userID, ledger: ledger)
        // Unread when the card's read throws: reset, so the cached statement answers nobody later.
        defer { zoneAndState?.reset() }
        let context = try await reviewContext(userID: userID, cardID: cardID, window: recallWindow)
        if let zoneAndState { try await readZoneAndState(from: zoneAndState, userID: userID, into: &ledger) }
        let decision = try decide(context)
        var state = decision.state
        state.userID = userID
        state.cardID = cardID
        // The new review's id is read at the end, with the answers of the writes after it.
        let insertedReview = try await sendReview(decision, state: state, sessionID: sessionID)
        defer { insertedReview.reset() }
        if faultAfterReviewInsert { throw StoreError.injectedFault(afterCardInserts: 0) }
        try await upsertState(state)
        var session: StudySessionRecord?
        if let sessionID {
            session = try await advanceSession(
                id: sessionID, userID: userID, cardID: cardID, answer: SessionAnswer(rating: decision.rating))
        }
        var commit: GamificationCommit?
        for award in decision.awards {
            if let undo, case .gamification(let write) = award {
                try await captureBeforeImages(of: write, userID: userID, into: undo)
            }
            let applied = try await apply(award, userID: userID, merging: nil, ledger: &ledger)
            if let undo, case .gamification(let write) = award {
                captureInsertedAwards(of: write, commit: applied, into: undo)
            }
            commit = applied.merged(into: commit)
        }
        if let gamify {
            var input = try await gamificationInput(userID: userID, sessionID: sessionID, ledger: &ledger)
            input.card = AnsweredCard(
                cardID: cardID, topicID: context.topicID, lastReviewBefore: context.state?.lastReview,
                completesTopic: state.isKnown
                    ? try await isTopicKnown(topicID: context.topicID, userID: userID) : false,
                reviewedAt: decision.reviewedAt)
            if let write = try gamify(input) {
                if let undo { try await captureBeforeImages(of: write, userID: userID, into: undo) }
                let applied = try await applyGamification(write, userID: userID, ledger: &ledger)
                if let undo { captureInsertedAwards(of: write, commit: applied, into: undo) }
                commit = applied.merged(into: commit)
            }
        }
        let reviewID = try await insertedReview.id()
        return RecordedReview(
            reviewID: reviewID, reviewedAt: decision.reviewedAt, state: state, session: session, gamification: commit)
    }

    /// `body` in the write transaction already open on the connection (a group commit's, an idempotent write's),
    /// else in one of its own. No savepoint: its failure fails the caller's transaction as a whole, which every
    /// caller of the review writes rolls back (a group runs each member again alone), and on PostgreSQL a
    /// savepoint's release is one more wait.
    func writeTransaction<T>(_ operation: String, _ body: () async throws -> T) async throws -> T {
        if connection.isInsideTransaction { return try await body() }
        return try await connection.immediateTransaction(operation, body)
    }

    /// The learner's state of the card; `nil` when they have never reviewed it.
    package func cardState(userID: Int64, cardID: Int64) async throws -> StoredCardState? {
        try await connection.withStatement(
            "SELECT \(Self.stateColumns) FROM card_states WHERE user_id = ? AND card_id = ?",
            operation: "read card state"
        ) { statement in
            try statement.bind(userID, at: 1)
            try statement.bind(cardID, at: 2)
            return try await statement.step() ? try Self.state(from: statement, at: 0) : nil
        }
    }

    /// The learner's reviews of the card, oldest first.
    package func reviewLog(userID: Int64, cardID: Int64) async throws -> [StoredReview] {
        try await connection.withStatement(
            """
            SELECT rating, reviewed_at FROM reviews WHERE user_id = ? AND card_id = ? ORDER BY reviewed_at, id
            """,
            operation: "read review log"
        ) { statement in
            try statement.bind(userID, at: 1)
            try statement.bind(cardID, at: 2)
            var log: [StoredReview] = []
            while try await statement.step() {
                log.append(
                    StoredReview(
                        rating: statement.int(at: 0), reviewedAt: Date(unixMilliseconds: statement.int64(at: 1))))
            }
            return log
        }
    }

    /// Writes one award of a ``ReviewDecision``; see ``AwardWrite``.
    func apply(
        _ award: AwardWrite, userID: Int64, merging commit: GamificationCommit?, ledger: inout GamificationLedger
    ) async throws -> GamificationCommit {
        switch award {
        case .gamification(let write):
            try await applyGamification(write, userID: userID, ledger: &ledger).merged(into: commit)
        }
    }

    /// One review's row, built once (every review writes it): with `RETURNING id` where the engine answers inserts
    /// with rows (``SQLDialect/insertsReturnRows``), without on SQLite.
    private static let reviewRowInsert = "\(reviewInsert) VALUES \(reviewPlaceholders(rows: 1))"
    private static let reviewRowInsertReturningID = "\(reviewRowInsert) RETURNING id"

    /// A review row sent by ``sendReview(_:state:sessionID:)``: its id known already (SQLite's last rowid) or the
    /// answer of its `RETURNING id`, read at the end (PostgreSQL does not wait for it when it is sent).
    private enum InsertedReview {
        case inserted(id: Int64)
        case answering(any SQLStatement)

        func id() async throws -> Int64 {
            switch self {
            case .inserted(let id): return id
            case .answering(let statement):
                guard try await statement.step() else {
                    throw StoreError.corruptRow(table: "reviews", column: "id", rowID: 0)
                }
                return statement.int64(at: 0)
            }
        }

        /// Rewinds the cached statement still holding its answer; the caller defers it.
        func reset() {
            if case .answering(let statement) = self { statement.reset() }
        }
    }

    /// Sends the review's row.
    private func sendReview(_ decision: ReviewDecision, state: StoredCardState, sessionID: Int64?) async throws
        -> InsertedReview
    {
        guard connection.dialect.insertsReturnRows else {
            return try await connection.withStatement(Self.reviewRowInsert, operation: "insert review") { statement in
                try Self.bindReview(decision, state: state, sessionID: sessionID, to: statement, row: 0)
                try await statement.run()
                return await .inserted(id: connection.lastInsertRowID)
            }
        }
        let statement = try connection.serverPreparedStatement(
            Self.reviewRowInsertReturningID, operation: "insert review")
        try Self.bindReview(decision, state: state, sessionID: sessionID, to: statement, row: 0)
        // RETURNING rather than asking for the last id: one round trip on PostgreSQL instead of two.
        try await statement.prefetch()
        return .answering(statement)
    }

    /// Inserts or updates the learner's state of a card (the upsert: ``stateMerge``).
    func upsertState(_ state: StoredCardState) async throws {
        try await connection.withServerPreparedStatement(Self.stateUpsert, operation: "write card state") { statement in
            try Self.bindState(state, to: statement, row: 0)
            try await statement.runPipelined()
        }
    }

    /// One card state's upsert, built once.
    private static let stateUpsert = "\(stateInsert) VALUES \(placeholders(rows: 1, columns: 13)) \(stateMerge)"

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
    @discardableResult
    package func recordReview(
        userID: Int64, cardID: Int64, sessionID: Int64?, recallWindow: RecallWindow? = nil,
        decide: @escaping @Sendable (ReviewContext) throws -> ReviewDecision
    ) async throws -> RecordedReview {
        try await write("record review") {
            try await $0.recordReview(
                userID: userID, cardID: cardID, sessionID: sessionID, recallWindow: recallWindow, decide: decide)
        }
    }

    package func cardState(userID: Int64, cardID: Int64) async throws -> StoredCardState? {
        try await read { try await $0.cardState(userID: userID, cardID: cardID) }
    }

    package func reviewLog(userID: Int64, cardID: Int64) async throws -> [StoredReview] {
        try await read { try await $0.reviewLog(userID: userID, cardID: cardID) }
    }
}
