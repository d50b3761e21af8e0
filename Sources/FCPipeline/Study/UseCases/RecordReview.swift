package import FCCore
package import FCStore
import Foundation

/// Where a review is recorded: one review (or a batch of them) as the sequence of reads, decisions and writes it
/// is, in the transaction the caller's `Store.write` (or group commit) opened.
///
/// 1. Lock the learner (PostgreSQL; SQLite's `BEGIN IMMEDIATE` holds the only write lock already), and begin the
///    undo record when the answer belongs to a session.
/// 2. Read the card's context: its topic and algorithm, the learner's state of it, the recall window.
/// 3. `decide` (the scheduler, pure) computes the review and the new state.
/// 4. Write the review row, the state, the session's counters and the decision's awards.
/// 5. `gamify` (the gamification rules, pure), when given, decides from the learner's gamification state what to
///    pay; the awards are written idempotently.
/// 6. Save the gamification ledger and the undo record.
///
/// `decide` and `gamify` run inside the transaction, holding the write lock, so two processes reviewing the same
/// card cannot both start from the same old state. They must be quick and pure; anything they throw rolls
/// everything back. ``ReviewRecorder`` builds them from the topic's scheduler and the ``Gamifier``.
package enum RecordReview {
    /// The gamification step of a review: the input read under the write lock in, what to write out.
    package typealias Gamify = (GamificationInput) throws -> GamificationWrite?

    /// Records one review in `db`'s transaction.
    ///
    /// - Parameters:
    ///   - sessionID: The spaced session the review belongs to; the card must be the one it expects next. Its
    ///     answer can be undone (the undo record is written in the same transaction).
    ///   - recallWindow: When given, the context carries the learner's latest reviews in the card's topic before
    ///     this one (``FCStore/ReviewContext/recentRecall``).
    /// - Throws: ``FCStore/StoreError/cardNotFound(id:)``, ``FCStore/StoreError/sessionNotFound(id:)``,
    ///   ``FCStore/StoreError/sessionConflict(id:problem:)``, whatever `decide` or `gamify` throws.
    package static func record(
        in db: borrowing Database, userID: Int64, cardID: Int64, sessionID: Int64?, recallWindow: RecallWindow?,
        decide: (ReviewContext) throws -> ReviewDecision, gamify: Gamify? = nil
    ) async throws -> RecordedReview {
        try await db.lockLearners([userID])
        var ledger = GamificationLedger()
        let undo = try await sessionID.asyncMap {
            try await AnswerUndoCapture.begin(in: db, sessionID: $0, userID: userID, cardID: cardID)
        }
        let recorded = try await recordOne(
            PendingReview(userID: userID, cardID: cardID, sessionID: sessionID, recallWindow: recallWindow), in: db,
            decide: decide, gamify: gamify, ledger: &ledger, undo: undo)
        try await db.save(ledger)
        if let undo, let sessionID {
            try await undo.store(
                in: db, sessionID: sessionID, userID: userID, reviewID: recorded.reviewID, stateAfter: recorded.state)
        }
        return recorded
    }

    /// Records several reviews in `db`'s transaction, each as ``record(in:userID:cardID:sessionID:recallWindow:decide:gamify:)``
    /// records one (its context sees the batch's earlier reviews), without undo records (a batch is synced or
    /// imported history, not an answer to take back). All or nothing: when one fails, the caller's transaction rolls
    /// back and none is stored.
    ///
    /// A batch of two or more reviews outside sessions is read once and written with multi-row statements
    /// (``BulkReviewWrites`` over ``FCStore/ReviewBulk``; each learner's gamification state read and written once),
    /// which make syncing offline answers and importing a review history fast; one review, or reviews in sessions,
    /// are written one by one (``OneReviewWrites``). Both run the same steps (``step(_:writes:in:decide:gamify:ledger:)``).
    ///
    /// - Parameters:
    ///   - decide: Called once per review, in order, with the review's context and its index in `reviews`.
    ///   - gamify: Called once per review after its review row and state are written; `nil`: no gamification.
    ///   - locked: A learner whose lock the transaction holds already.
    package static func record(
        _ reviews: [PendingReview], in db: borrowing Database, locked: Int64? = nil,
        decide: (ReviewContext, Int) throws -> ReviewDecision,
        gamify: ((GamificationInput, Int) throws -> GamificationWrite?)? = nil
    ) async throws -> [RecordedReview] {
        guard !reviews.isEmpty else { return [] }
        try await db.lockLearners(reviews.map(\.userID).filter { $0 != locked })
        var ledger = GamificationLedger()
        var recorded: [RecordedReview] = []
        recorded.reserveCapacity(reviews.count)
        if reviews.count > 1, reviews.allSatisfy({ $0.sessionID == nil }) {
            var writes = BulkReviewWrites(
                bulk: try await db.beginReviewBulk(reviews, gamified: gamify != nil, ledger: &ledger))
            var steps: [Step] = []
            steps.reserveCapacity(reviews.count)
            for (index, review) in reviews.enumerated() {
                steps.append(
                    try await step(
                        review, writes: &writes, in: db, decide: { try decide($0, index) },
                        gamify: gamify.map { gamify in { try gamify($0, index) } }, ledger: &ledger))
            }
            let ids = try await db.finishReviewBulk(&writes.bulk)
            recorded = zip(ids, steps).map { id, step in step.recorded(reviewID: id, session: nil) }
        } else {
            for (index, review) in reviews.enumerated() {
                recorded.append(
                    try await recordOne(
                        review, in: db, decide: { try decide($0, index) },
                        gamify: gamify.map { gamify in { try gamify($0, index) } }, ledger: &ledger, undo: nil))
            }
        }
        try await db.save(ledger)
        return recorded
    }

    /// ``record(_:in:decide:gamify:)`` under an idempotency key, in the same transaction as the key's row.
    ///
    /// The key is looked up under the write lock: when the learner already used it for the same request
    /// (`requestHash`), the stored response comes back and nothing is recorded; for a different request it is
    /// ``FCStore/StoreError/idempotencyKeyReused(key:)``. Otherwise the reviews are recorded, `respond` turns them
    /// into the response, and the key, the request hash and the response are stored before the commit, so
    /// concurrent retries with one key serialise on the write lock and exactly one of them records.
    package static func recordIdempotently(
        _ reviews: [PendingReview], in db: borrowing Database, userID: Int64, key: String, requestHash: String,
        decide: (ReviewContext, Int) throws -> ReviewDecision,
        gamify: ((GamificationInput, Int) throws -> GamificationWrite?)?,
        respond: ([RecordedReview]) throws -> String
    ) async throws -> IdempotentReply {
        // The learner's own reviews (every request's): their lock comes with the key's read (one statement on
        // PostgreSQL). Anyone else's keep the order of ``Database/lockLearners(_:)``, after the read.
        let own = reviews.allSatisfy { $0.userID == userID }
        let stored =
            own
            ? try await db.lockLearnerReadingReply(userID: userID, key: key)
            : try await db.idempotentReply(userID: userID, key: key)
        if let stored {
            guard stored.requestHash == requestHash else { throw StoreError.idempotencyKeyReused(key: key) }
            return stored.reply
        }
        let recorded = try await record(
            reviews, in: db, locked: own ? userID : nil, decide: decide, gamify: gamify)
        let response = try respond(recorded)
        try await db.storeIdempotentReply(userID: userID, key: key, requestHash: requestHash, response: response)
        return IdempotentReply(status: 201, response: response, replayed: false)
    }

    /// What one review's steps decided, before its row's id is known.
    struct Step {
        var reviewedAt: Date
        var state: StoredCardState
        var commit: GamificationCommit?

        func recorded(reviewID: Int64, session: StudySessionRecord?) -> RecordedReview {
            RecordedReview(
                reviewID: reviewID, reviewedAt: reviewedAt, state: state, session: session, gamification: commit)
        }
    }

    /// Steps 2–5 for one review, the learner locked, written one by one; gamification states go to `ledger`,
    /// which the caller saves.
    private static func recordOne(
        _ review: PendingReview, in db: borrowing Database, decide: (ReviewContext) throws -> ReviewDecision,
        gamify: Gamify?, ledger: inout GamificationLedger, undo: AnswerUndoCapture?
    ) async throws -> RecordedReview {
        var writes = OneReviewWrites(sessionID: review.sessionID, undo: undo)
        defer { writes.release() }
        let step = try await step(review, writes: &writes, in: db, decide: decide, gamify: gamify, ledger: &ledger)
        let (reviewID, paidAtOnce) = try await writes.reviewID(in: db, ledger: &ledger)
        var recorded = step.recorded(reviewID: reviewID, session: writes.session)
        if let paidAtOnce { recorded.gamification = paidAtOnce.merged(into: recorded.gamification) }
        return recorded
    }

    /// Steps 2–5 of one review, the learner locked, whether it is written alone or with a batch (`writes`):
    /// read its context, decide, write the review and the state, pay the decision's awards, then gamify.
    static func step(
        _ review: PendingReview, writes: inout some ReviewWrites, in db: borrowing Database,
        decide: (ReviewContext) throws -> ReviewDecision, gamify: Gamify?, ledger: inout GamificationLedger
    ) async throws -> Step {
        let context = try await writes.context(of: review, in: db, gamified: gamify != nil, ledger: &ledger)
        let decision = try decide(context)
        var state = decision.state
        state.userID = review.userID
        state.cardID = review.cardID
        try await writes.write(decision, state: state, context: context, in: db)
        var commit: GamificationCommit?
        for case .gamification(let write) in decision.awards {
            commit = try await writes.pay(write, userID: review.userID, in: db, ledger: &ledger).merged(into: commit)
        }
        if let gamify {
            var input = try await db.gamificationInput(
                userID: review.userID, sessionID: review.sessionID, ledger: &ledger)
            // The topic is scanned only when this card became known, so ordinary reviews cost no scan.
            let completesTopic =
                state.isKnown
                ? try await writes.isTopicKnown(topicID: context.topicID, userID: review.userID, in: db) : false
            input.card = AnsweredCard(
                cardID: review.cardID, topicID: context.topicID, lastReviewBefore: context.state?.lastReview,
                completesTopic: completesTopic, reviewedAt: decision.reviewedAt)
            if let write = try gamify(input) {
                commit = try await writes.pay(write, userID: review.userID, in: db, ledger: &ledger)
                    .merged(into: commit)
            }
        }
        return Step(reviewedAt: decision.reviewedAt, state: state, commit: commit)
    }

    /// Writes one gamification step's awards and state, capturing for undo what they replace and insert.
    static func pay(
        _ write: GamificationWrite, in db: borrowing Database, userID: Int64, ledger: inout GamificationLedger,
        undo: AnswerUndoCapture?
    ) async throws -> GamificationCommit {
        if let undo { try await undo.captureBeforeImages(of: write, userID: userID, in: db) }
        let commit = try await db.applyGamification(write, userID: userID, ledger: &ledger)
        undo?.noteInsertedAwards(of: write, commit: commit)
        return commit
    }
}
