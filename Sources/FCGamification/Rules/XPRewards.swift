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

    /// The product spec's numbers: 10, 15, 25, 100 and 20.
    public static let `default` = XPRewards(
        cardCompleted: 10, correctAnswer: 15, perfectCard: 25, topicCompleted: 100, streakBonus: 20)

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
