/// One review outside a session, decided and not yet written: its row, the learner's new state of the card and
/// the gamification step it paid, if any (``ReviewRepository/writeReview(_:ledger:)`` writes them together).
package struct ReviewRows: Sendable {
    package var decision: ReviewDecision
    /// The learner's new state of the card (its `userID` and `cardID` name the review's learner and card).
    package var state: StoredCardState
    /// The review's gamification step; `nil` when it paid nothing (or is not gamified).
    package var gamification: GamificationWrite?

    package init(decision: ReviewDecision, state: StoredCardState, gamification: GamificationWrite? = nil) {
        self.decision = decision
        self.state = state
        self.gamification = gamification
    }

    /// Whether `write` can be written with the review's rows: the award, challenge, box, achievement, daily-stats
    /// and state rows of a review outside a session. What belongs to a session (its counters, an opened box)
    /// goes through ``Database/applyGamification(_:userID:ledger:)`` instead.
    package static func canCarry(_ write: GamificationWrite) -> Bool {
        write.sessionID == nil && write.boxesOpened.isEmpty && !write.isPerfectSessionAnswer
    }
}

/// What ``ReviewRepository/writeReview(_:ledger:)`` wrote: the review row's id and what its gamification paid.
package struct WrittenReview: Sendable {
    package var reviewID: Int64
    /// `nil` when the rows carried no gamification step.
    package var gamification: GamificationCommit?
}
