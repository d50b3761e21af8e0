/// The reads and writes of one review outside a session that each engine states its own way (issue 23: SQL
/// "written once per engine"). ``Database`` implements it: on SQLite with the per-table statements a review always
/// used (a statement costs no round trip there); on PostgreSQL with as few statements as the review's guarantees
/// allow, because each one is a round trip (postgres-nio runs one statement at a time per connection).
///
/// The decisions stay with the caller (FCPipeline's `RecordReview`): this is SQL and rows only.
package protocol ReviewRepository: ~Copyable {
    /// Whether ``writeReview(_:ledger:)`` pays off: the review's rows are held back until they are all decided
    /// and then written at once (PostgreSQL: one statement). `false` on SQLite, which writes each row as it is
    /// decided.
    var writesReviewAtOnce: Bool { get }

    /// Locks the learner's row until the transaction ends (as ``Database/lockLearners(_:)`` does) and reads the
    /// reply stored under their idempotency key (``Database/idempotentReply(userID:key:)``), in one statement on
    /// PostgreSQL.
    func lockLearnerReadingReply(userID: Int64, key: String) async throws -> (
        requestHash: String, reply: IdempotentReply
    )?

    /// Whether the learner knows every card of the topic, counting `cardID` (when given) as known (its new state is
    /// decided and not written yet); `false` for an empty topic.
    func isTopicKnown(topicID: Int64, userID: Int64, countingAsKnown cardID: Int64?) async throws -> Bool

    /// Writes `rows`: the review row, the card state and the gamification step's awards (each paid once:
    /// `ON CONFLICT DO NOTHING`, XP only for those inserted), challenges, boxes, achievements, daily stats and
    /// the learner's gamification state, which `ledger` then holds as saved. Inside the caller's transaction,
    /// the learner locked.
    func writeReview(_ rows: ReviewRows, ledger: inout GamificationLedger) async throws -> WrittenReview
}

extension Database: ReviewRepository {
    package var writesReviewAtOnce: Bool { connection.dialect == .postgres && !faultAfterReviewInsert }

    package func writeReview(_ rows: ReviewRows, ledger: inout GamificationLedger) async throws -> WrittenReview {
        if connection.dialect == .postgres { return try await writeReviewInOneStatement(rows, ledger: &ledger) }
        let sent = try await sendReview(rows.decision, state: rows.state, sessionID: nil)
        defer { sent.release() }
        try await upsertState(rows.state)
        var commit: GamificationCommit?
        if let write = rows.gamification {
            commit = try await applyGamification(write, userID: rows.state.userID, ledger: &ledger)
        }
        return WrittenReview(reviewID: try await reviewID(of: sent), gamification: commit)
    }
}
