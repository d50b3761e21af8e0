/// One learner's numbers for one local day: the rows a leaderboard ranks.
public struct DailyStats: Sendable, Hashable, Codable {
    public var learnerID: Int64
    /// The display name.
    public var name: String
    public var day: LocalDay
    /// Distinct cards answered that day.
    public var cardsReviewed: Int
    /// Distinct topics studied that day.
    public var topicsExplored: Int
    public var achievementsUnlocked: Int
    /// XP earned that day.
    public var xp: Int

    /// The `fcgen leaderboard --json` members: ids spelled `Id`, as every fcgen document spells them.
    enum CodingKeys: String, CodingKey {
        case learnerID = "learnerId"
        case name, day, cardsReviewed, topicsExplored, achievementsUnlocked, xp
    }

    public init(
        learnerID: Int64, name: String, day: LocalDay, cardsReviewed: Int = 0, topicsExplored: Int = 0,
        achievementsUnlocked: Int = 0, xp: Int = 0
    ) {
        self.learnerID = learnerID
        self.name = name
        self.day = day
        self.cardsReviewed = cardsReviewed
        self.topicsExplored = topicsExplored
        self.achievementsUnlocked = achievementsUnlocked
        self.xp = xp
    }
}
