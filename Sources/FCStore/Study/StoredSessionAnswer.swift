package import FCCore

package import struct Foundation.Date

/// One answer of a stored session as `session_answers` keeps it (besides its undo record): which card, when, and
/// for a quiz answer what was typed, what the grader said, and whether the learner claimed it right.
///
/// The verdict stays the grader's when the learner says "I was right": ``overridden`` records the claim, so the
/// session can count the answer right while gamification and statistics can still tell it from a graded one.
package struct StoredSessionAnswer: Sendable, Hashable {
    package var position: Int
    package var cardID: Int64
    package var answeredAt: Date
    /// What was answered (``QuizGrading/typed``); `nil` for a rated answer, and for quiz answers recorded before
    /// schema version 24.
    package var typed: String?
    /// The grader's verdict; `nil` for a rated answer, and for quiz answers recorded before schema version 24.
    package var verdict: QuizVerdict?
    /// The learner claimed the (wrong) answer right: the session counts it right on their word.
    package var overridden: Bool
}
