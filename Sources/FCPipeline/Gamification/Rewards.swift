public import FCGamification
package import FCStore

/// What an event or a whole session earned, for the end-of-session screen and `--json` output.
///
/// Built from the awards the store actually inserted, so a replayed event shows (and paid) nothing.
public struct Rewards: Sendable, Codable, Hashable {
    /// XP paid (cards, streak bonus, topics, challenges, achievements, opened boxes).
    public var xpGained: Int
    /// The learner's total XP afterwards.
    public var totalXP: Int
    /// Where the total sits on the level curve.
    public var level: LevelInfo
    /// Levels reached (one entry per level crossed), ascending.
    public var levelsReached: [Int]
    public var challengesCompleted: [CompletedChallenge]
    public var boxesEarned: [BoxView]
    public var boxesOpened: [BoxView]
    public var achievementsUnlocked: [AchievementDefinition]

    /// Whether anything at all was earned.
    public var isEmpty: Bool {
        xpGained == 0 && levelsReached.isEmpty && challengesCompleted.isEmpty && boxesEarned.isEmpty
            && boxesOpened.isEmpty && achievementsUnlocked.isEmpty
    }

    /// A completed daily challenge.
    public struct CompletedChallenge: Sendable, Codable, Hashable {
        public var day: String
        public var kind: String
        public var title: String
        public var xp: Int
    }

    /// A mystery box as shown: its id, rarity and (opened) payout.
    public struct BoxView: Sendable, Codable, Hashable {
        public var id: String
        public var rarity: String
        public var xp: Int?
    }

    /// Summarises inserted awards.
    ///
    /// - Parameters:
    ///   - awards: Award rows (only those that were inserted).
    ///   - rarities: Box id → rarity, for box awards.
    package init(awards: [AwardRecord], rarities: [String: String], totalXP: Int, rules: GamificationRules) {
        xpGained = awards.reduce(0) { $0 + $1.xp }
        self.totalXP = totalXP
        level = LevelInfo(totalXP: totalXP, curve: rules.levels)
        levelsReached = awards.filter { $0.kind == "level" }.compactMap { Int($0.reference) }.sorted()
        challengesCompleted = awards.filter { $0.kind == "challenge" }.compactMap { award in
            let parts = award.reference.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            let title = rules.challenges.first { $0.kind.rawValue == parts[1] }?.title ?? parts[1]
            return CompletedChallenge(day: parts[0], kind: parts[1], title: title, xp: award.xp)
        }
        boxesEarned = awards.filter { $0.kind == "box" }.map {
            BoxView(id: $0.reference, rarity: rarities[$0.reference] ?? "common", xp: nil)
        }
        boxesOpened = awards.filter { $0.kind == "box_open" }.map {
            BoxView(id: $0.reference, rarity: rarities[$0.reference] ?? "common", xp: $0.xp)
        }
        let unlocked = Set(awards.filter { $0.kind == "achievement" }.map(\.reference))
        achievementsUnlocked = rules.achievements.filter { unlocked.contains($0.id.rawValue) }
    }
}

extension Gamifier {
    /// The rewards of a decision, counting only the awards the store inserted.
    func rewards(of decision: Decision, commit: GamificationCommit?) -> Rewards? {
        guard let commit else { return nil }
        let inserted = decision.write.awards.filter { commit.insertedKeys.contains($0.key) }
        var rarities: [String: String] = [:]
        for award in decision.awards {
            switch award.reason {
            case .boxEarned(let box), .boxOpened(let box): rarities[box.id] = box.rarity.rawValue
            default: break
            }
        }
        return Rewards(awards: inserted, rarities: rarities, totalXP: commit.totalXP, rules: engine.rules)
    }
}
