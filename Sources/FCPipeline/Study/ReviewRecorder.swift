public import FCCore
public import FCScheduler
public import FCStore
public import Foundation

/// Records reviews: the card's state from the store → the topic's scheduler → the review row and the new state
/// (and the session's counters) written in one transaction.
///
/// The scheduling runs inside the store's `BEGIN IMMEDIATE` transaction (see
/// ``RecordReview``), so concurrent reviews of one card serialise.
/// Fuzz is drawn from a generator seeded by the card id and its review count, so replaying the log with
/// `Scheduler.rebuild(from:createdAt:cardSeed:)` reproduces every due date. Badger's recall targeting reads the
/// learner's recent recall rate from the review log inside the same transaction (``RecentRecall``: the last 50
/// reviews in the topic before this one), and a rebuild computes the same rate for every review, so it reproduces
/// the adapted intervals too. When the topic's algorithm changed since the card's state was written, the state is
/// first rebuilt from the log under the new algorithm.
///
/// Every review's time is checked against the clock (``EventTime``): not after now beyond the clock-skew
/// allowance, not before the card was created, not before the learner's last review of the card; a time a little
/// ahead is recorded as now. Whoever records reviews (the CLI, a sync of offline answers, the HTTP API) gets the
/// same check.
///
/// A review without a time (`at: nil`) is dated by this recorder's clock, and is never refused for being before
/// the card's last review: two requests for one card can read the clock in one order and commit in the other
/// (they serialise only on the store's write lock), so the later commit is recorded at the last review's time
/// instead. The store moves it there inside the write transaction, where the last review is known, and reads its
/// recall window there too (``FCStore/RecallWindow/followsLastReview``).
///
/// ```swift
/// let recorder = ReviewRecorder(store: store, now: .system)
/// let result = try await recorder.record(userID: me.id, cardID: 42, rating: .good, at: now())
/// result.state.due  // when the card comes back
/// ```
public struct ReviewRecorder: Sendable {
    public let store: Store
    /// Gamification for every review, in the review's transaction; `nil`: none.
    public let gamifier: Gamifier?
    /// The clock review times are checked against.
    public let now: Now

    public init(store: Store, gamifier: Gamifier? = nil, now: Now) {
        self.store = store
        self.gamifier = gamifier
        self.now = now
    }

    /// Records one review.
    ///
    /// - Parameters:
    ///   - claimed: When the answer was given; `nil`: now, by this recorder's clock (moved up to the card's last
    ///     review when a concurrent review of it committed a later time first).
    ///   - sessionID: The spaced session the answer belongs to (its counters move in the same transaction).
    ///   - durationMilliseconds: How long the learner looked at the card, when known.
    /// - Throws: ``PipelineError/eventTime(_:)`` for a time after now (beyond the clock-skew allowance), before
    ///   the card was created or (a `claimed` time) before the learner's last review of it; ``FCStore/StoreError``.
    ///   Nothing is stored then.
    @discardableResult
    public func record(
        userID: Int64, cardID: Int64, rating: Rating, at claimed: Date?, durationMilliseconds: Int? = nil,
        sessionID: Int64? = nil
    ) async throws -> ReviewResult {
        let now = now()
        let fromClock = claimed == nil
        let time = try EventTime.notInFuture(claimed ?? now, now: now)
        let window = Self.recallWindow(at: time, fromClock: fromClock)
        let decide: @Sendable (ReviewContext) throws -> ReviewDecision = { context in
            try Self.decide(
                context, rating: rating, at: time, fromClock: fromClock, now: now,
                durationMilliseconds: durationMilliseconds)
        }
        guard let gamifier else {
            let recorded = try await store.writeGrouped("record review", locking: userID) { db in
                try await RecordReview.record(
                    in: db, userID: userID, cardID: cardID, sessionID: sessionID, recallWindow: window, decide: decide)
            }
            return ReviewResult(recorded, rating: rating, rewards: nil)
        }
        // Grouped: reviews arriving together (an HTTP service's learners) share a commit; see `Store.writeGrouped`.
        let (recorded, decision) = try await store.writeGrouped("record review", locking: userID) { db in
            var decision: Gamifier.Decision?
            let recorded = try await RecordReview.record(
                in: db, userID: userID, cardID: cardID, sessionID: sessionID, recallWindow: window, decide: decide
            ) { input in
                decision = try gamifier.decideReview(
                    input, rating: rating, at: input.card?.reviewedAt ?? time,
                    duration: Double(durationMilliseconds ?? 0) / 1000)
                return decision?.write
            }
            return (recorded, decision)
        }
        let rewards = decision.flatMap { gamifier.rewards(of: $0, commit: recorded.gamification) }
        return ReviewResult(recorded, rating: rating, rewards: rewards)
    }

    /// The pure part: what the review decides given what the store read.
    ///
    /// - Parameter fromClock: `time` was read from the clock, not given: it is recorded at the time the store
    ///   moved it to (``FCStore/ReviewContext/reviewTime``), never refused for being before the last review.
    static func decide(
        _ context: ReviewContext, rating: Rating, at claimed: Date, fromClock: Bool, now: Date,
        durationMilliseconds: Int?
    ) throws -> ReviewDecision {
        var time = fromClock ? context.reviewTime ?? claimed : claimed
        try EventTime.check(time, cardID: context.cardID, createdAt: context.cardCreatedAt, now: now)
        let algorithm = context.topicAlgorithm
        let scheduler = Scheduler(algorithm: algorithm)
        let seed = UInt64(bitPattern: context.cardID)
        let current: CardState
        if let log = context.logForRebuild {
            current = scheduler.rebuild(
                from: log.compactMap(ReviewLogEntry.init), createdAt: context.cardCreatedAt, cardSeed: seed)
        } else if let state = context.state {
            current = CardState(state)
        } else {
            current = CardState(newAt: context.cardCreatedAt)
        }
        time = try EventTime.notBeforeLastReview(
            time, fromClock: fromClock, cardID: context.cardID, lastReview: current.lastReview, now: now)
        let rate = context.recentRecall.flatMap { RecentRecall.rate(reviews: $0.reviews, passed: $0.passed) }
        let outcome = scheduler.adapted(toRecentRecallRate: rate).review(
            current, rating: rating, at: time, cardSeed: seed)
        return ReviewDecision(
            rating: rating.rawValue, reviewedAt: time, durationMilliseconds: durationMilliseconds,
            elapsedDays: outcome.elapsedDays, scheduledDays: outcome.interval / 86_400,
            state: outcome.card.stored(userID: context.userID, cardID: context.cardID, algorithm: algorithm),
            comesBack: outcome.card.isOnShortStep(answeredAt: time))
    }
}

/// What recording a review produced.
public struct ReviewResult: Sendable, Codable {
    public var cardID: Int64
    public var rating: Rating
    public var reviewedAt: Date
    /// The card's new state.
    public var state: CardState
    public var algorithm: SchedulingAlgorithm
    /// The session after this answer, when the review was part of one.
    package var session: StudySessionRecord?
    /// What the review earned (XP, level-ups, challenges, achievements); `nil` without gamification.
    public var rewards: Rewards?

    init(_ recorded: RecordedReview, rating: Rating, rewards: Rewards?) {
        cardID = recorded.state.cardID
        self.rating = rating
        reviewedAt = recorded.reviewedAt
        state = CardState(recorded.state)
        algorithm = recorded.state.algorithm
        session = recorded.session
        self.rewards = rewards
    }
}
