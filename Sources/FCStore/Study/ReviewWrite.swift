public import struct Foundation.Date

/// What the store knows about a card when a review is recorded, read inside the review's transaction.
public struct ReviewContext: Sendable {
    public var userID: Int64
    public var cardID: Int64
    public var topicID: Int64
    /// The topic's scheduling algorithm now.
    public var topicAlgorithm: String
    /// When the card was created: a new card is due from then, and a rebuild starts there.
    public var cardCreatedAt: Date
    /// The learner's state of the card; `nil` when this is the first review.
    public var state: StoredCardState?
    /// The card's review log, oldest first, when the state was computed by another algorithm than the topic's
    /// (the topic switched): the decision rebuilds the state from it. `nil` otherwise (the common case, so the
    /// hot path reads no log).
    public var logForRebuild: [StoredReview]?
    /// The learner's last reviews in the card's topic before this one (only when the recording asked for a recall
    /// window); with ``logForRebuild``, each entry carries its own.
    public var recentRecall: RecallSample?
}

/// Which recall window a review's context should carry: the latest `size` reviews at or before `time`, read only
/// when the card's topic uses one of `algorithms` (the others have no use for it, and reading it is the costliest
/// part of a review after the commit).
public struct RecallWindow: Sendable, Hashable {
    /// How many reviews (FCScheduler's `RecentRecall.windowSize`).
    public var size: Int
    /// The time of the review being recorded.
    public var time: Date
    /// The algorithms (`topics.algorithm` values) that use the window.
    public var algorithms: Set<String>

    public init(size: Int, time: Date, algorithms: Set<String>) {
        self.size = size
        self.time = time
        self.algorithms = algorithms
    }
}

/// How many of a learner's latest reviews in a topic (before some review) were passed: what badger's recall
/// targeting turns into a rate (`FCScheduler.RecentRecall`).
public struct RecallSample: Sendable, Codable, Hashable {
    /// Reviews in the window (at most the window's size).
    public var reviews: Int
    /// Of those, the ones not failed (rating above 0).
    public var passed: Int

    public init(reviews: Int, passed: Int) {
        self.reviews = reviews
        self.passed = passed
    }
}

/// One row of the review log.
public struct StoredReview: Sendable, Codable, Hashable {
    public var rating: Int
    public var reviewedAt: Date
    /// The learner's last reviews in the topic before this one, when the reader asked for a recall window.
    public var recentRecall: RecallSample?

    public init(rating: Int, reviewedAt: Date, recentRecall: RecallSample? = nil) {
        self.rating = rating
        self.reviewedAt = reviewedAt
        self.recentRecall = recentRecall
    }
}

/// What a review decided, for the store to write: the log row, the new state and any awards.
public struct ReviewDecision: Sendable {
    /// 0 fail, 1 difficult, 2 good, 3 easy.
    public var rating: Int
    public var reviewedAt: Date
    public var durationMilliseconds: Int?
    public var elapsedDays: Int?
    public var scheduledDays: Double
    /// The new state; its `userID` and `cardID` must be the context's.
    public var state: StoredCardState
    /// Extra writes for the same transaction (gamification awards; see ``AwardWrite``).
    public var awards: [AwardWrite]

    public init(
        rating: Int, reviewedAt: Date, durationMilliseconds: Int?, elapsedDays: Int?, scheduledDays: Double,
        state: StoredCardState, awards: [AwardWrite] = []
    ) {
        self.rating = rating
        self.reviewedAt = reviewedAt
        self.durationMilliseconds = durationMilliseconds
        self.elapsedDays = elapsedDays
        self.scheduledDays = scheduledDays
        self.state = state
        self.awards = awards
    }
}

/// A write that must commit together with a review: the seam for gamification.
///
/// ``Store/recordReview(userID:cardID:sessionID:decide:)`` writes the review row, the card state, the session
/// counters and then every award of the ``ReviewDecision`` inside one `BEGIN IMMEDIATE` transaction, so an XP
/// event or an achievement is stored exactly when its review is. Awards are idempotent: each award row is
/// `INSERT OR IGNORE`d by (learner, kind, reference), and only inserted ones pay.
///
/// The pipeline normally uses ``Store/recordReview(userID:cardID:sessionID:decide:gamify:)`` instead, whose
/// `gamify` step reads the learner's gamification state inside the same transaction.
public enum AwardWrite: Sendable, Hashable {
    /// The engine's new state and what the event earned.
    case gamification(GamificationWrite)
}

/// What ``Store/recordReview(userID:cardID:sessionID:decide:)`` wrote.
public struct RecordedReview: Sendable {
    /// The review row's id.
    public var reviewID: Int64
    public var state: StoredCardState
    /// The session after its counters moved; `nil` outside a session.
    public var session: StudySessionRecord?
    /// What the review's gamification wrote; `nil` when it had none.
    public var gamification: GamificationCommit?
}

extension GamificationCommit {
    /// This commit added to `other` (when there is one): keys united, XP summed, the later total.
    func merged(into other: GamificationCommit?) -> GamificationCommit {
        guard let other else { return self }
        return GamificationCommit(
            insertedKeys: other.insertedKeys.union(insertedKeys), paidXP: other.paidXP + paidXP, totalXP: totalXP)
    }
}
