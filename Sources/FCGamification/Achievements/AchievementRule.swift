/// The precise condition that unlocks an achievement, checked after every event.
///
/// Counters are the idempotent running totals of ``GamificationState``: a card counts once per local day however
/// often it is reviewed that day, and a session once however often its event is delivered.
public enum AchievementRule: Sendable, Hashable, Codable {
    /// At least `count` card reviews in total, each card counted once per local day.
    case cardsReviewed(atLeast: Int)
    /// At least `count` card reviews (once per card per day) whose local time lies in ``GamificationRules/nightHours``.
    case lateNightReviews(atLeast: Int)
    /// At least `count` distinct topics studied in total (a card reviewed, or a topic explored or generated).
    case topicsExplored(atLeast: Int)
    /// One finished session of at least `minimumCards` cards averaging at most `maximumSecondsPerCard` per card.
    case fastSession(minimumCards: Int, maximumSecondsPerCard: Double)
    /// One finished session of at least `minimumCards` cards, every one recalled on the first try.
    case perfectSession(minimumCards: Int)
    /// A streak of at least `days` consecutive local days with a card review (the longest streak counts).
    case streak(atLeastDays: Int)

    /// Whether the rule holds for `state`, given the session that was just counted, if any.
    public func isSatisfied(by state: GamificationState, newSession: SessionSummary?) -> Bool {
        switch self {
        case .cardsReviewed(let count):
            return state.lifetime.cardsReviewed >= count
        case .lateNightReviews(let count):
            return state.lifetime.lateNightReviews >= count
        case .topicsExplored(let count):
            return state.lifetime.exploredTopicIDs.count >= count
        case .fastSession(let minimumCards, let maximumSeconds):
            guard let session = newSession, session.cardsReviewed >= max(1, minimumCards) else { return false }
            return session.duration / Double(session.cardsReviewed) <= maximumSeconds
        case .perfectSession(let minimumCards):
            guard let session = newSession, session.cardsReviewed >= max(1, minimumCards) else { return false }
            return session.perfect >= session.cardsReviewed
        case .streak(let days):
            return state.streak.longest >= days
        }
    }
}
