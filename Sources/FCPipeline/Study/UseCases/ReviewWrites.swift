import FCStore

/// How ``RecordReview``'s steps reach the store: for one review alone (``OneReviewWrites``: each row written as it
/// is decided) or for a batch (``BulkReviewWrites``: read once, written with multi-row statements at the end).
/// The steps and their rules are ``RecordReview``'s, once; only the reads and writes differ.
protocol ReviewWrites {
    /// Step 2: the card's context (and, when `gamified`, the learner's gamification state into `ledger`).
    mutating func context(
        of review: PendingReview, in db: borrowing Database, gamified: Bool, ledger: inout GamificationLedger
    ) async throws -> ReviewContext

    /// Step 4: the review row, the state and, in a session, the session's counters.
    mutating func write(
        _ decision: ReviewDecision, state: StoredCardState, context: ReviewContext, in db: borrowing Database
    ) async throws

    /// Steps 4 and 5: a gamification step's awards and state.
    mutating func pay(
        _ write: GamificationWrite, userID: Int64, in db: borrowing Database, ledger: inout GamificationLedger
    ) async throws -> GamificationCommit

    /// Whether every card of the topic is now known to the learner (asked when a review made its card known).
    mutating func isTopicKnown(topicID: Int64, userID: Int64, in db: borrowing Database) async throws -> Bool
}

/// One review written as it is decided, in a session or not; an answer in a session captures its undo record.
struct OneReviewWrites: ReviewWrites {
    /// The spaced session the review belongs to.
    let sessionID: Int64?
    let undo: AnswerUndoCapture?
    /// The review row sent; its id is read at the end (``reviewID(in:)``).
    private(set) var sent: Database.SentReview?
    /// The session after its counters moved.
    private(set) var session: StudySessionRecord?

    init(sessionID: Int64?, undo: AnswerUndoCapture?) {
        self.sessionID = sessionID
        self.undo = undo
    }

    mutating func context(
        of review: PendingReview, in db: borrowing Database, gamified: Bool, ledger: inout GamificationLedger
    ) async throws -> ReviewContext {
        // The learner's time zone and gamification state are sent ahead (PostgreSQL answers them with the card's
        // read: one wait for everything the review reads).
        let gamificationRead = gamified ? try await db.sendGamificationRead(userID: review.userID, ledger: ledger) : nil
        defer { gamificationRead?.release() }
        let context = try await db.reviewContext(
            userID: review.userID, cardID: review.cardID, window: review.recallWindow)
        if let gamificationRead { try await db.receive(gamificationRead, userID: review.userID, into: &ledger) }
        return context
    }

    mutating func write(
        _ decision: ReviewDecision, state: StoredCardState, context: ReviewContext, in db: borrowing Database
    ) async throws {
        sent = try await db.sendReview(decision, state: state, sessionID: sessionID)
        try await db.upsertState(state)
        if let sessionID {
            session = try await db.advanceSession(
                id: sessionID, userID: state.userID, cardID: state.cardID,
                answer: SessionAnswer(rating: decision.rating), comesBack: decision.comesBack)
        }
    }

    mutating func pay(
        _ write: GamificationWrite, userID: Int64, in db: borrowing Database, ledger: inout GamificationLedger
    ) async throws -> GamificationCommit {
        try await RecordReview.pay(write, in: db, userID: userID, ledger: &ledger, undo: undo)
    }

    func isTopicKnown(topicID: Int64, userID: Int64, in db: borrowing Database) async throws -> Bool {
        try await db.isTopicKnown(topicID: topicID, userID: userID)
    }

    /// The id of the review row written (waited for now, on PostgreSQL).
    func reviewID(in db: borrowing Database) async throws -> Int64 {
        guard let sent else { throw StoreError.corruptRow(table: "reviews", column: "id", rowID: 0) }
        return try await db.reviewID(of: sent)
    }

    /// Rewinds the review row's statement if its answer was never read (a later step threw).
    func release() { sent?.release() }
}

/// A batch's reviews outside sessions, written with the store's multi-row statements (``FCStore/ReviewBulk``).
struct BulkReviewWrites: ReviewWrites {
    var bulk: ReviewBulk

    mutating func context(
        of review: PendingReview, in db: borrowing Database, gamified: Bool, ledger: inout GamificationLedger
    ) async throws -> ReviewContext {
        try await db.bulkReviewContext(review, in: &bulk)
    }

    mutating func write(
        _ decision: ReviewDecision, state: StoredCardState, context: ReviewContext, in db: borrowing Database
    ) async throws {
        bulk.add(decision, state: state, topicID: context.topicID)
    }

    mutating func pay(
        _ write: GamificationWrite, userID: Int64, in db: borrowing Database, ledger: inout GamificationLedger
    ) async throws -> GamificationCommit {
        try await db.payInBulk(write, userID: userID, in: &bulk, ledger: &ledger)
    }

    mutating func isTopicKnown(topicID: Int64, userID: Int64, in db: borrowing Database) async throws -> Bool {
        try await db.isTopicKnown(topicID: topicID, userID: userID, in: &bulk)
    }
}
