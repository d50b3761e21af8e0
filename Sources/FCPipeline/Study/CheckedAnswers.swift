import FCCore
import FCStore
import Foundation

/// A batch of answers ready to record: times checked, each answer's pending review, and the scheduling step.
///
/// Shared by ``ReviewRecorder/record(_:)`` and its idempotent variant, which differ only in how the store writes
/// the batch.
struct CheckedAnswers: Sendable {
    /// The answers, their times no later than now (a little ahead becomes now; an answer dated by the clock is
    /// dated now).
    let answers: [ReviewInput]
    /// What the store records for each answer.
    let pending: [PendingReview]
    /// The time the answers were checked against.
    let now: Date

    /// - Throws: ``PipelineError/eventTime(_:)`` for a time after now beyond the clock-skew allowance, its
    ///   violation's ``EventTimeViolation/index`` naming the answer.
    init(_ claimed: [ReviewInput], now: Date) throws {
        // Times a little ahead become now before anything is read, so the recall windows see the recorded times.
        // Answers dated by the clock are dated now, the same instant for all: no time given in the batch is later.
        answers = try claimed.enumerated().map { index, answer in
            var checked = answer
            checked.time = try Self.naming(index) {
                answer.fromClock ? now : try EventTime.notInFuture(answer.time, now: now)
            }
            return checked
        }
        pending = answers.map {
            PendingReview(
                userID: $0.userID, cardID: $0.cardID, sessionID: $0.sessionID,
                recallWindow: ReviewRecorder.recallWindow(at: $0.time, fromClock: $0.fromClock))
        }
        self.now = now
    }

    /// The scheduling step of the answer at `index`, given what the store read.
    func decide(_ context: ReviewContext, _ index: Int) throws -> ReviewDecision {
        let answer = answers[index]
        return try Self.naming(index) {
            try ReviewRecorder.decide(
                context, rating: answer.rating, at: answer.time, fromClock: answer.fromClock, now: now,
                durationMilliseconds: answer.durationMilliseconds)
        }
    }

    /// `body`, with the answer's `index` in the batch put into a time violation it throws.
    private static func naming<T>(_ index: Int, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch PipelineError.eventTime(var violation) {
            violation.index = index
            throw PipelineError.eventTime(violation)
        }
    }
}
