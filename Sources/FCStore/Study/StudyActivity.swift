package import struct Foundation.Date

/// One review as a learner's day-by-day history counts it: live or archived (its card deleted).
package struct ReviewActivity: Sendable, Hashable {
    /// The card reviewed (it may have been deleted since).
    package var cardID: Int64
    package var reviewedAt: Date
    /// How long the learner looked at the card, when the front end measured it.
    package var durationMilliseconds: Int?
    /// The card's first review by this learner: a new card learned.
    package var isFirstReview: Bool

    package init(cardID: Int64, reviewedAt: Date, durationMilliseconds: Int?, isFirstReview: Bool) {
        self.cardID = cardID
        self.reviewedAt = reviewedAt
        self.durationMilliseconds = durationMilliseconds
        self.isFirstReview = isFirstReview
    }
}

/// A finished quiz with answers: quizzes record no per-answer time, so their wall time is what they cost.
package struct QuizActivity: Sendable, Hashable {
    package var startedAt: Date
    package var endedAt: Date
    package var answers: Int

    package init(startedAt: Date, endedAt: Date, answers: Int) {
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.answers = answers
    }
}

/// XP paid by one award.
package struct XPActivity: Sendable, Hashable {
    package var earnedAt: Date
    package var xp: Int

    package init(earnedAt: Date, xp: Int) {
        self.earnedAt = earnedAt
        self.xp = xp
    }
}
