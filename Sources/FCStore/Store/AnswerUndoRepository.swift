/// The reads and writes behind a session's answers and their undo (`session_answers`, and the rows an undo puts
/// back), each inside the transaction a ``Store/write(_:patience:_:)`` (or ``Store/read(_:)``) hands out. SQL and
/// rows only: what an answer's undo record captures, when undo is refused and what it restores, and what the
/// learner's "I was right" counts are the use cases' in FCPipeline's `Study/UseCases` (`AnswerUndoCapture`,
/// `SessionSteps`). ``Database`` implements it on both engines.
package protocol AnswerUndoRepository: ~Copyable {
    // MARK: Session answers

    /// The session's answer at `position` (0-based, its place in the queue); `nil` when none is stored there.
    func sessionAnswer(sessionID: Int64, position: Int) async throws -> StoredSessionAnswer?
    /// The undo record of the session's answer at `position`; `nil` when it was recorded without.
    func answerUndo(sessionID: Int64, position: Int) async throws -> AnswerUndo?
    /// The undo records of the session's answers after `position`, in order.
    func answerUndos(sessionID: Int64, after position: Int) async throws -> [(position: Int, undo: AnswerUndo)]
    /// Stores the session's answer at `undo.session.position` with its undo record and, for a quiz answer, what was
    /// typed and the verdict (replacing a row an undone answer left there: not overridden).
    func upsertSessionAnswer(
        _ undo: AnswerUndo, sessionID: Int64, quiz: QuizGrading?, answeredAt: Int64
    ) async throws
    /// Replaces the undo record of the answer at `position`, marking it overridden when `overridden`.
    func updateAnswerUndo(_ undo: AnswerUndo, sessionID: Int64, position: Int, overridden: Bool) async throws
    /// Deletes the answer at `position` with its undo record (once that answer is undone).
    func deleteSessionAnswer(sessionID: Int64, position: Int) async throws

    // MARK: Before-images

    /// The learner's `gamification_state` row.
    func gamificationStateRow(userID: Int64) async throws -> GamificationUndo.StateRow?
    /// The learner's `daily_stats` row for `day`.
    func dailyStatsRow(userID: Int64, day: String) async throws -> DailyStatsRecord?
    /// Whether the learner has unlocked the achievement.
    func hasAchievement(userID: Int64, achievementID: String) async throws -> Bool
    /// Whether the learner has earned the box.
    func hasBox(userID: Int64, boxID: String) async throws -> Bool

    // MARK: Putting rows back

    /// Deletes the review row an answer wrote.
    func deleteReview(id: Int64) async throws
    /// Deletes the learner's state of a card.
    func deleteCardState(userID: Int64, cardID: Int64) async throws
    /// Puts every gamification row in `undo` back as it was, and deletes what it lists as inserted (XP awards,
    /// achievements, boxes).
    func restore(_ undo: GamificationUndo, userID: Int64) async throws
}

extension Database: AnswerUndoRepository {}
