package import FCScheduler

package import struct Foundation.Date

/// What the store knows about a card when a review is recorded, read inside the review's transaction.
package struct ReviewContext: Sendable {
    package var userID: Int64
    package var cardID: Int64
    package var topicID: Int64
    /// The topic's scheduling algorithm now.
    package var topicAlgorithm: SchedulingAlgorithm
    /// When the card was created: a new card is due from then, and a rebuild starts there.
    package var cardCreatedAt: Date
    /// The learner's state of the card; `nil` when this is the first review.
    package var state: StoredCardState?
    /// The card's review log, oldest first, when the state was computed by another algorithm than the topic's
    /// (the topic switched): the decision rebuilds the state from it. `nil` otherwise (the common case, so the
    /// hot path reads no log).
    package var logForRebuild: [StoredReview]?
    /// The learner's last reviews in the card's topic before this one (only when the recording asked for a recall
    /// window); with ``logForRebuild``, each entry carries its own.
    package var recentRecall: RecallSample?
    /// For a review whose time was read from the clock (``RecallWindow/followsLastReview``): the time to record it
    /// at, which is that time or, when the learner's last review of the card is later (a concurrent review
    /// committed first), that last review's time; the recall window was read there. `nil` for a time the caller
    /// gave, which the decision checks as given.
    package var reviewTime: Date?
}

/// Which recall window a review's context should carry: the latest `size` reviews at or before `time`, read only
/// when the card's topic uses one of `algorithms` (the others have no use for it, and reading it is the costliest
/// part of a review after the commit).
package struct RecallWindow: Sendable, Hashable {
    /// How many reviews (FCScheduler's `RecentRecall.windowSize`).
    package var size: Int
    /// The time of the review being recorded.
    package var time: Date
    /// The algorithms that use the window.
    package var algorithms: Set<SchedulingAlgorithm>
    /// Whether ``time`` was read from the clock rather than given by the caller: such a review is never dated
    /// before the learner's last review of the card. Two requests can read the clock in one order and commit in
    /// the other; the later commit is then recorded at the earlier one's time (``following(_:)``), and its window
    /// is read there, so a rebuild from the log sees the same window. A time the caller gave is read as given.
    package var followsLastReview: Bool

    package init(size: Int, time: Date, algorithms: Set<SchedulingAlgorithm>, followsLastReview: Bool = false) {
        self.size = size
        self.time = time
        self.algorithms = algorithms
        self.followsLastReview = followsLastReview
    }

    /// This window for a card whose last review (by the learner) was at `lastReview`: its time moved up to
    /// `lastReview` when it follows the last review and is before it; otherwise unchanged.
    package func following(_ lastReview: Date?) -> RecallWindow {
        guard followsLastReview, let lastReview, lastReview > time else { return self }
        var moved = self
        moved.time = lastReview
        return moved
    }
}

/// How many of a learner's latest reviews in a topic (before some review) were passed: what badger's recall
/// targeting turns into a rate (`FCScheduler.RecentRecall`).
package struct RecallSample: Sendable, Codable, Hashable {
    /// Reviews in the window (at most the window's size).
    package var reviews: Int
    /// Of those, the ones not failed (rating above 0).
    package var passed: Int

    package init(reviews: Int, passed: Int) {
        self.reviews = reviews
        self.passed = passed
    }
}

/// One row of the review log.
package struct StoredReview: Sendable, Codable, Hashable {
    package var rating: Int
    package var reviewedAt: Date
    /// The learner's last reviews in the topic before this one, when the reader asked for a recall window.
    package var recentRecall: RecallSample?

    package init(rating: Int, reviewedAt: Date, recentRecall: RecallSample? = nil) {
        self.rating = rating
        self.reviewedAt = reviewedAt
        self.recentRecall = recentRecall
    }
}

/// What a review decided, for the store to write: the log row, the new state and any awards.
package struct ReviewDecision: Sendable {
    /// 0 fail, 1 difficult, 2 good, 3 easy.
    package var rating: Int
    package var reviewedAt: Date
    package var durationMilliseconds: Int?
    package var elapsedDays: Int?
    package var scheduledDays: Double
    /// The new state; its `userID` and `cardID` must be the context's.
    package var state: StoredCardState
    /// Extra writes for the same transaction (gamification awards; see ``AwardWrite``).
    package var awards: [AwardWrite]
    /// The card is still on its scheduler's short steps (not passed): in a session it comes back later
    /// (FCPipeline's `StudySessionRecord.advance(cardID:answer:comesBack:)`).
    package var comesBack: Bool

    package init(
        rating: Int, reviewedAt: Date, durationMilliseconds: Int?, elapsedDays: Int?, scheduledDays: Double,
        state: StoredCardState, awards: [AwardWrite] = [], comesBack: Bool = false
    ) {
        self.rating = rating
        self.reviewedAt = reviewedAt
        self.durationMilliseconds = durationMilliseconds
        self.elapsedDays = elapsedDays
        self.scheduledDays = scheduledDays
        self.state = state
        self.awards = awards
        self.comesBack = comesBack
    }
}

/// A write that must commit together with a review: the seam for gamification.
///
/// Recording a review (FCPipeline's `RecordReview`) writes the review row, the card state, the session
/// counters and then every award of the ``ReviewDecision`` inside one `BEGIN IMMEDIATE` transaction, so an XP
/// event or an achievement is stored exactly when its review is. Awards are idempotent: each award row is
/// `INSERT OR IGNORE`d by (learner, kind, reference), and only inserted ones pay.
///
/// The pipeline normally uses FCPipeline's `RecordReview` with a `gamify` step instead, which reads the learner's
/// gamification state inside the same transaction.
package enum AwardWrite: Sendable, Hashable {
    /// The engine's new state and what the event earned.
    case gamification(GamificationWrite)
}

/// What recording a review (FCPipeline's `RecordReview`) wrote.
package struct RecordedReview: Sendable {
    /// The review row's id.
    package var reviewID: Int64
    /// The time the review was recorded at (the decision's).
    package var reviewedAt: Date
    package var state: StoredCardState
    /// The session after its counters moved; `nil` outside a session.
    package var session: StudySessionRecord?
    /// What the review's gamification wrote; `nil` when it had none.
    package var gamification: GamificationCommit?

    package init(
        reviewID: Int64, reviewedAt: Date, state: StoredCardState, session: StudySessionRecord?,
        gamification: GamificationCommit?
    ) {
        self.reviewID = reviewID
        self.reviewedAt = reviewedAt
        self.state = state
        self.session = session
        self.gamification = gamification
    }
}

extension GamificationCommit {
    /// This commit added to `other` (when there is one): keys united, XP summed, the later total.
    package func merged(into other: GamificationCommit?) -> GamificationCommit {
        guard let other else { return self }
        return GamificationCommit(
            insertedKeys: other.insertedKeys.union(insertedKeys), paidXP: other.paidXP + paidXP, totalXP: totalXP)
    }
}
