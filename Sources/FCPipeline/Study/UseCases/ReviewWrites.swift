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

/// One review, in a session or not; an answer in a session captures its undo record.
///
/// Where the repository writes a review at once (``FCStore/ReviewRepository/writesReviewAtOnce``: PostgreSQL,
/// where every statement is a round trip) and the review is outside a session, its rows are held until the end
/// (``reviewID(in:ledger:)``) and written in one go, with its gamification step; otherwise each row is written as
/// it is decided.
struct OneReviewWrites: ReviewWrites {
    /// The spaced session the review belongs to.
    let sessionID: Int64?
    let undo: AnswerUndoCapture?
    /// The review row sent; its id is read at the end (``reviewID(in:ledger:)``).
    private(set) var sent: Database.SentReview?
    /// The session after its counters moved.
    private(set) var session: StudySessionRecord?
    /// The rows held back to be written at once (``FCStore/ReviewRows``), when they are.
    private var held: ReviewRows?
    /// Whether rows are held back (decided by ``context(of:in:gamified:ledger:)``).
    private var holds = false
    /// The review row's id and what its held gamification step paid, once written.
    private var written: WrittenReview?

    init(sessionID: Int64?, undo: AnswerUndoCapture?) {
        self.sessionID = sessionID
        self.undo = undo
    }

    mutating func context(
        of review: PendingReview, in db: borrowing Database, gamified: Bool, ledger: inout GamificationLedger
    ) async throws -> ReviewContext {
        holds = db.writesReviewAtOnce && sessionID == nil && undo == nil
        // With the learner's time zone and gamification state when gamified (one statement on PostgreSQL).
        guard gamified else {
            return try await db.reviewContext(userID: review.userID, cardID: review.cardID, window: review.recallWindow)
        }
        return try await db.reviewContext(
            userID: review.userID, cardID: review.cardID, window: review.recallWindow, ledger: &ledger)
    }

    mutating func write(
        _ decision: ReviewDecision, state: StoredCardState, context: ReviewContext, in db: borrowing Database
    ) async throws {
        // A decision that pays awards itself is written as it comes: the gamification step after it reads the
        // state those awards leave.
        if holds && decision.awards.isEmpty {
            held = ReviewRows(decision: decision, state: state)
            return
        }
        sent = try await db.sendReview(decision, state: state, sessionID: sessionID)
        try await db.upsertState(state)
        if let sessionID {
            session = try await SessionSteps.advance(
                in: db, sessionID: sessionID, userID: state.userID, cardID: state.cardID,
                answer: SessionAnswer(rating: decision.rating), comesBack: decision.comesBack)
        }
    }

    /// Held rows carry the review's first gamification step when they can (its commit comes with the review's
    /// id: ``paidAtOnce``); any other step first writes what is held and is then written as it comes.
    mutating func pay(
        _ write: GamificationWrite, userID: Int64, in db: borrowing Database, ledger: inout GamificationLedger
    ) async throws -> GamificationCommit {
        if held != nil, held?.gamification == nil, ReviewRows.canCarry(write) {
            held?.gamification = write
            return GamificationCommit()
        }
        let earlier = try await writeHeld(in: db, ledger: &ledger)
        let commit = try await RecordReview.pay(write, in: db, userID: userID, ledger: &ledger, undo: undo)
        return commit.merged(into: earlier)
    }

    func isTopicKnown(topicID: Int64, userID: Int64, in db: borrowing Database) async throws -> Bool {
        // Asked when the card became known: while its state is held, the store counts it as known.
        try await db.isTopicKnown(topicID: topicID, userID: userID, countingAsKnown: held?.state.cardID)
    }

    /// Writes the held rows, if any; what their gamification step paid (taken: reported once).
    private mutating func writeHeld(in db: borrowing Database, ledger: inout GamificationLedger) async throws
        -> GamificationCommit?
    {
        guard let rows = held else { return nil }
        held = nil
        var done = try await db.writeReview(rows, ledger: &ledger)
        let paid = done.gamification
        done.gamification = nil
        written = done
        return paid
    }

    /// The id of the review row written (written now when held, else waited for now on PostgreSQL), and what the
    /// held rows' gamification step paid (to be merged into the step's commit), if they carried one.
    mutating func reviewID(in db: borrowing Database, ledger: inout GamificationLedger) async throws -> (
        id: Int64, paidAtOnce: GamificationCommit?
    ) {
        let paid = try await writeHeld(in: db, ledger: &ledger)
        if let written { return (written.reviewID, paid) }
        guard let sent else { throw StoreError.corruptRow(table: "reviews", column: "id", rowID: 0) }
        return (try await db.reviewID(of: sent), paid)
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
