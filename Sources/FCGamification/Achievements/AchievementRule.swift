/// The precise condition that unlocks an achievement, checked after every event.
///
/// Counters are the idempotent running totals of ``GamificationState``: a card counts once per local day however
/// often it is reviewed that day, and a session once however often its event is delivered. A rule needs the thing
/// it names: reviews are spaced reviews (not quiz answers), topics studied need a card answered in them, and the
/// session rules see only sessions that count (``SessionRules``: whole queue answered, enough answers, enough
/// right).
public enum AchievementRule: Sendable, Hashable, Codable {
    /// At least `count` spaced reviews in total, each card counted once per local day; quiz answers do not count.
    case cardsReviewed(atLeast: Int)
    /// At least `count` spaced reviews (once per card per day) whose local time lies in
    /// ``GamificationRules/nightHours``.
    case lateNightReviews(atLeast: Int)
    /// At least `count` distinct topics explored in total (studied, opened or generated).
    case topicsExplored(atLeast: Int)
    /// At least `count` distinct topics studied in total (a card reviewed or answered right in each).
    case topicsStudied(atLeast: Int)
    /// One counted session of at least `minimumCards` cards averaging at most `maximumSecondsPerCard` per card,
    /// with at least `minimumAccuracy` (0–1) of its answers right: speed only counts with right answers.
    case fastSession(minimumCards: Int, maximumSecondsPerCard: Double, minimumAccuracy: Double)
    /// One counted session of at least `minimumCards` cards, every one recalled on the first try.
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
        case .topicsStudied(let count):
            return state.lifetime.studiedTopicIDs.count >= count
        case .fastSession(let minimumCards, let maximumSeconds, let minimumAccuracy):
            guard let session = newSession, session.cardsReviewed >= max(1, minimumCards),
                session.accuracy >= minimumAccuracy
            else { return false }
            return session.duration / Double(session.cardsReviewed) <= maximumSeconds
        case .perfectSession(let minimumCards):
            // Cards, not answers: a card that came back on its learning steps is answered more than once, but only
            // its first answer can be a first try.
            guard let session = newSession else { return false }
            let cards = session.cards ?? session.cardsReviewed
            guard cards >= max(1, minimumCards) else { return false }
            return session.perfect >= cards
        case .streak(let days):
            return state.streak.longest >= days
        }
    }
}
