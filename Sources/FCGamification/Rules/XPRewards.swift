/// How much XP each kind of progress pays.
public struct XPRewards: Sendable, Hashable, Codable {
    /// A card reviewed but not recalled (rating `fail`).
    public var cardCompleted: Int
    /// A card recalled, but not on the first try.
    public var correctAnswer: Int
    /// A card recalled on the first try.
    public var perfectCard: Int
    /// A topic completed (once per learner and topic).
    public var topicCompleted: Int
    /// The first activity of a day that continues the streak from yesterday.
    public var streakBonus: Int

    public init(cardCompleted: Int, correctAnswer: Int, perfectCard: Int, topicCompleted: Int, streakBonus: Int) {
        self.cardCompleted = cardCompleted
        self.correctAnswer = correctAnswer
        self.perfectCard = perfectCard
        self.topicCompleted = topicCompleted
        self.streakBonus = streakBonus
    }

    /// 4, 6, 10, 50 and 10: a card right on the first try is the unit (10 XP) every other reward is weighed in, so a
    /// typical day of about 50 reviews earns about one level early on (docs/gamification.md, "XP").
    public static let `default` = XPRewards(
        cardCompleted: 4, correctAnswer: 6, perfectCard: 10, topicCompleted: 50, streakBonus: 10)

    /// The XP for a card answered at `tier`.
    public func xp(for tier: CardTier) -> Int {
        switch tier {
        case .completed: cardCompleted
        case .correct: correctAnswer
        case .perfect: perfectCard
        }
    }
}

/// How well a card went the first time it was answered on a day; the tiers pay different XP.
public enum CardTier: String, Sendable, Codable, CaseIterable, Hashable {
    /// Answered, not recalled.
    case completed
    /// Recalled, but not on the first try.
    case correct
    /// Recalled on the first try.
    case perfect

    /// The tier of an answer that was (or was not) correct, on the first try or not.
    public init(correct: Bool, firstTry: Bool) {
        self = correct ? (firstTry ? .perfect : .correct) : .completed
    }
}
