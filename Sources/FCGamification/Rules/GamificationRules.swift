/// Every number of the gamification rules, in one value so the product can tune them without code changes.
///
/// ```swift
/// var rules = GamificationRules.default
/// rules.xp.perfectCard = 30
/// let engine = try Gamification(rules: rules)
/// ```
public struct GamificationRules: Sendable, Hashable, Codable {
    /// XP per kind of progress.
    public var xp: XPRewards
    /// The level curve.
    public var levels: LevelCurve
    /// The daily challenge templates; a learner gets one challenge per template per local day.
    public var challenges: [ChallengeTemplate]
    /// Mystery boxes.
    public var boxes: BoxRules
    /// What a session must show to earn boxes and session achievements.
    public var sessions: SessionRules
    /// The achievements, in display order.
    public var achievements: [AchievementDefinition]
    /// The local hours that count as "late at night" for ``AchievementRule/lateNightReviews(atLeast:)``.
    public var nightHours: HourWindow
    /// How many local days back an answer sent late (given offline, sent after the learner studied on a later
    /// day elsewhere) still pays its card's XP, keyed by the day it was given (docs/gamification.md, "Late
    /// answers"); older answers pay nothing. 0: only today's answers pay.
    public var lateAnswerDays: Int

    public init(
        xp: XPRewards, levels: LevelCurve, challenges: [ChallengeTemplate], boxes: BoxRules,
        sessions: SessionRules = .default, achievements: [AchievementDefinition], nightHours: HourWindow,
        lateAnswerDays: Int = 7
    ) {
        self.xp = xp
        self.levels = levels
        self.challenges = challenges
        self.boxes = boxes
        self.sessions = sessions
        self.achievements = achievements
        self.nightHours = nightHours
        self.lateAnswerDays = lateAnswerDays
    }

    /// The product spec's rules.
    public static let `default` = GamificationRules(
        xp: .default, levels: .default, challenges: ChallengeTemplate.defaults, boxes: .default, sessions: .default,
        achievements: AchievementDefinition.defaults, nightHours: HourWindow(startHour: 23, endHour: 4))

    /// Checks that the rules make sense: no negative XP, a rising level curve, drawable challenges and boxes,
    /// sessions that must answer something, unique achievement and challenge ids.
    ///
    /// - Throws: ``GamificationError/invalidRule(field:problem:)`` naming the first bad field.
    public func validate() throws(GamificationError) {
        let rewards = [
            ("xp.cardCompleted", xp.cardCompleted), ("xp.correctAnswer", xp.correctAnswer),
            ("xp.perfectCard", xp.perfectCard), ("xp.topicCompleted", xp.topicCompleted),
            ("xp.streakBonus", xp.streakBonus),
        ]
        for (field, value) in rewards where value < 0 { throw .invalidRule(field: field, problem: "is negative") }
        guard levels.quadratic >= 0, levels.linear >= 0, levels.quadratic + levels.linear > 0 else {
            throw .invalidRule(field: "levels", problem: "coefficients must be ≥ 0 and not both 0")
        }
        try validateChallenges()
        try validateBoxes()
        try validateAchievements()
        guard (0...23).contains(nightHours.startHour), (0...23).contains(nightHours.endHour) else {
            throw .invalidRule(field: "nightHours", problem: "hours must be 0–23")
        }
        guard (0...366).contains(lateAnswerDays) else {
            throw .invalidRule(field: "lateAnswerDays", problem: "must be 0–366")
        }
    }

    private func validateChallenges() throws(GamificationError) {
        guard Set(challenges.map(\.kind)).count == challenges.count else {
            throw .invalidRule(field: "challenges", problem: "a kind appears twice")
        }
        for template in challenges {
            let field = "challenges.\(template.kind.rawValue)"
            guard !template.options.isEmpty else { throw .invalidRule(field: field, problem: "has no options") }
            guard template.options.allSatisfy({ $0.target > 0 && $0.xp >= 0 }) else {
                throw .invalidRule(field: field, problem: "targets must be > 0 and XP ≥ 0")
            }
        }
    }

    private func validateBoxes() throws(GamificationError) {
        guard Rarity.allCases.allSatisfy({ (boxes.rarityWeights[$0] ?? 0) >= 0 }),
            Rarity.allCases.reduce(0, { $0 + (boxes.rarityWeights[$1] ?? 0) }) > 0
        else { throw .invalidRule(field: "boxes.rarityWeights", problem: "weights must be ≥ 0 with a positive sum") }
        for rarity in Rarity.allCases where (boxes.rarityWeights[rarity] ?? 0) > 0 {
            guard let range = boxes.payouts[rarity], range.lowerBound >= 0 else {
                throw .invalidRule(field: "boxes.payouts.\(rarity.rawValue)", problem: "missing or negative")
            }
        }
        guard boxes.baseBoxesPerSession >= 0, boxes.maximumBoxesPerSession >= boxes.baseBoxesPerSession else {
            throw .invalidRule(field: "boxes.perSession", problem: "need 0 ≤ base ≤ maximum")
        }
        guard boxes.maximumBoxesPerDay >= 0 else {
            throw .invalidRule(field: "boxes.maximumBoxesPerDay", problem: "is negative")
        }
        guard sessions.minimumAnswers >= 1 else {
            throw .invalidRule(field: "sessions.minimumAnswers", problem: "must be at least 1")
        }
        guard (0...1).contains(sessions.minimumAccuracy) else {
            throw .invalidRule(field: "sessions.minimumAccuracy", problem: "must be 0–1")
        }
    }

    private func validateAchievements() throws(GamificationError) {
        guard Set(achievements.map(\.id)).count == achievements.count else {
            throw .invalidRule(field: "achievements", problem: "an id appears twice")
        }
        for achievement in achievements where achievement.xp < 0 {
            throw .invalidRule(field: "achievements.\(achievement.id)", problem: "XP is negative")
        }
        for achievement in achievements {
            if case .fastSession(_, _, let accuracy) = achievement.rule, !(0...1).contains(accuracy) {
                throw .invalidRule(field: "achievements.\(achievement.id)", problem: "minimumAccuracy must be 0–1")
            }
        }
    }
}
