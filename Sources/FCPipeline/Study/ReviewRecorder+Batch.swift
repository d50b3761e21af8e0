public import FCCore
import FCGamification
import FCScheduler
import FCStore
public import Foundation

/// One answer to record with ``ReviewRecorder/record(_:)``.
public struct ReviewInput: Sendable, Hashable {
    public var userID: Int64
    public var cardID: Int64
    public var rating: Rating
    /// When the answer was given. For an answer dated by the clock (``fromClock``) it is set when the recorder
    /// checks the batch (to its clock's time then); what is given here is not read.
    public var time: Date
    /// The answer came without a time (`at: nil`): the recorder dates it by its clock, never before the learner's
    /// last review of the card (``ReviewRecorder``).
    public var fromClock: Bool
    public var durationMilliseconds: Int?
    public var sessionID: Int64?

    /// - Parameter time: When the answer was given; `nil`: now, by the recorder's clock.
    public init(
        userID: Int64, cardID: Int64, rating: Rating, at time: Date?, durationMilliseconds: Int? = nil,
        sessionID: Int64? = nil
    ) {
        self.userID = userID
        self.cardID = cardID
        self.rating = rating
        self.time = time ?? .distantPast
        self.fromClock = time == nil
        self.durationMilliseconds = durationMilliseconds
        self.sessionID = sessionID
    }
}

extension ReviewRecorder {
    /// The recall window a review at `time` reads: ``RecentRecall/windowSize`` reviews, for badger topics only
    /// (the one algorithm with recall targeting).
    ///
    /// - Parameter fromClock: The time was read from the clock: the window follows the card's last review
    ///   (``FCStore/RecallWindow/followsLastReview``).
    static func recallWindow(at time: Date, fromClock: Bool) -> RecallWindow {
        RecallWindow(
            size: RecentRecall.windowSize, time: time, algorithms: [.badger],
            followsLastReview: fromClock)
    }

    /// Records several answers in one transaction, each scheduled exactly as ``record(userID:cardID:rating:at:durationMilliseconds:sessionID:)``
    /// schedules one (same seeds, same recall window, each seeing the ones before it), so the states equal those of
    /// recording them one by one. With a ``gamifier``, each answer is gamified as one recorded alone is, seeing the
    /// earlier answers' effects, in the same transaction: the batch pays the same awards as the answers recorded
    /// one by one, and replaying it pays nothing more. All or nothing.
    ///
    /// ```swift
    /// let results = try await recorder.record(answers)  // e.g. a front end syncing answers given offline
    /// results.compactMap(\.rewards).reduce(0) { $0 + $1.xpGained }
    /// ```
    ///
    /// - Throws: ``PipelineError/eventTime(_:)`` (its ``EventTimeViolation/index`` naming the answer) when an
    ///   answer is dated after now (beyond the clock-skew allowance), before its card was created or before its
    ///   card's last review; ``FCStore/StoreError``. Nothing is stored then.
    @discardableResult
    public func record(_ claimed: [ReviewInput]) async throws -> [ReviewResult] {
        let checked = try CheckedAnswers(claimed, now: now())
        let answers = checked.answers
        let pending = checked.pending
        let decide: @Sendable (ReviewContext, Int) throws -> ReviewDecision = { try checked.decide($0, $1) }
        guard let gamifier else {
            let recorded = try await store.write("record reviews") { db in
                try await RecordReview.record(pending, in: db, decide: decide)
            }
            return zip(answers, recorded).map { answer, recorded in
                ReviewResult(recorded, rating: answer.rating, rewards: nil)
            }
        }
        // Decoding a learner's stored state and encoding the new one cost more than everything else a gamified
        // review does, so each learner's state is decoded once (then carried from step to step in `states`) and
        // encoded once, at their last answer of the batch (`GamificationWrite.stateJSON` stays `nil` before it).
        var lastIndex: [Int64: Int] = [:]
        for (index, answer) in answers.enumerated() { lastIndex[answer.userID] = index }
        let (recorded, decided) = try await store.write("record reviews") { [lastIndex] db in
            var decisions: [Int: Gamifier.Decision] = [:]
            var states: [Int64: GamificationState] = [:]
            let recorded = try await RecordReview.record(pending, in: db, decide: decide) { input, index in
                let answer = answers[index]
                let decision = try gamifier.decideReview(
                    input, rating: answer.rating, at: input.card?.reviewedAt ?? answer.time,
                    duration: Double(answer.durationMilliseconds ?? 0) / 1000, known: states[input.userID],
                    encodesState: lastIndex[input.userID] == index)
                if let decision {
                    decisions[index] = decision
                    states[input.userID] = decision.state
                }
                return decision?.write
            }
            return (recorded, decisions)
        }
        return recorded.enumerated().map { index, recorded in
            let answer = answers[index]
            let rewards = decided[index].flatMap { gamifier.rewards(of: $0, commit: recorded.gamification) }
            return ReviewResult(recorded, rating: answer.rating, rewards: rewards)
        }
    }
}
