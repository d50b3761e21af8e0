import FCCore
public import Foundation

/// The gamification rules engine: events in, a new state and awards out, with no I/O.
///
/// ```swift
/// let engine = Gamification()
/// var rng = SplitMix64(seed: 7)
/// let review = CardReview(cardID: 12, topicID: 3, rating: .good, isFirstTry: true, duration: 4)
/// let (state, awards) = engine.apply(.cardReviewed(review), to: saved, at: reviewedAt, timeZone: zone, using: &rng)
/// // Persist `state` and INSERT OR IGNORE each award by `award.key`, in the review's transaction.
/// ```
public struct Gamification: Sendable {
    /// The rules this engine applies.
    public let rules: GamificationRules

    /// An engine with the default rules.
    public init() { rules = .default }

    /// An engine with custom rules.
    ///
    /// - Throws: ``GamificationError/invalidRule(field:problem:)`` when the rules are inconsistent.
    public init(rules: GamificationRules) throws(GamificationError) {
        try rules.validate()
        self.rules = rules
    }

    /// Applies one event and returns the learner's new state and what the event earned.
    ///
    /// The event's local day is the calendar day of `time` in `timeZone`. An event on a later day than the state's
    /// current day starts a new day (fresh counters and that day's challenges). Idempotency:
    /// - the same event applied twice on its day pays once, because the state remembers today's cards, sessions,
    ///   completed challenges, unlocked achievements, completed topics and unopened boxes;
    /// - an event dated before the state's current day is ignored (state unchanged, no awards), except
    ///   `boxOpened`, which is keyed by the box alone, and a card's answer sent late (``payLateAnswer(_:)``);
    ///   older duplicates are therefore never paid again by the state, and the store's unique award keys are a
    ///   second line of defence — for a late answer, the only one.
    ///
    /// Awards come in this order: card XP, streak bonus, topic XP, boxes, box payout, challenges, achievements,
    /// then one `levelReached` per level crossed.
    ///
    /// - Parameters:
    ///   - event: What happened.
    ///   - state: The learner's state before the event.
    ///   - time: When the event happened (not when it is processed).
    ///   - timeZone: The learner's time zone; it decides the local day and the night hours.
    ///   - generator: Draws box rarities and payouts.
    /// - Returns: The new state and the awards, each with an idempotency key.
    public func apply(
        _ event: GamificationEvent,
        to state: GamificationState,
        at time: Date,
        timeZone: TimeZone,
        using generator: inout some RandomNumberGenerator
    ) -> (state: GamificationState, awards: [Award]) {
        let calendar = LocalCalendar(timeZone: timeZone)
        let eventDay = calendar.day(containing: time)
        var day = eventDay
        if let current = state.today?.day, eventDay < current {
            guard case .boxOpened = event else {
                return payLateAnswer(event, to: state, day: eventDay, current: current, at: time)
            }
            day = current
        }
        var step = Step(state: state, time: time, day: day)
        if step.state.today?.day != day {
            step.state.today = DayProgress(
                day: day, challenges: rules.dailyChallenges(learnerID: state.learnerID, day: day, timeZone: timeZone))
        }
        var newSession: SessionSummary?
        switch event {
        case .cardReviewed(let review):
            recordCard(
                review.cardID, topicID: review.topicID,
                tier: CardTier(
                    correct: review.rating.isSuccess,
                    firstTry: review.isFirstTry), hour: calendar.hour(of: time), kind: .review, in: &step)
        case .cardAnsweredCorrectly(let answer):
            switch answer.judgement {
            case .graded:
                recordCard(
                    answer.cardID, topicID: answer.topicID, tier: answer.tier, hour: calendar.hour(of: time),
                    kind: .quiz, in: &step)
            case .overridden:
                recordOverride(answer.cardID, tier: answer.tier, in: &step)
            }
        case .sessionFinished(let session):
            newSession = recordSession(session, in: &step, using: &generator)
        case .topicExplored(let topicID), .generationFinished(let topicID, _):
            step.explore(topicID)
        case .topicCompleted(let topicID):
            step.study(topicID)
            if step.state.lifetime.completedTopicIDs.insert(topicID).inserted {
                step.pay(.topicCompleted(topicID: topicID), xp: rules.xp.topicCompleted)
            }
        case .boxOpened(let boxID):
            openBox(boxID, in: &step, using: &generator)
        }
        advanceChallenges(in: &step)
        unlockAchievements(in: &step, newSession: newSession)
        if let levels = LevelInfo.levelsReached(from: state.totalXP, to: step.state.totalXP, curve: rules.levels) {
            for level in levels { step.announce(.levelReached(level)) }
        }
        return (step.state, step.awards)
    }
}
