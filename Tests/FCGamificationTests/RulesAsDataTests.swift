import FCCore
import FCGamification
import Foundation
import Testing

/// Every number lives in `GamificationRules`: changing one changes the outcome, and bad rules are refused.
struct RulesAsDataTests {
    let time = instant("2026-03-08T10:00:00Z")

    func engine(_ change: (inout GamificationRules) -> Void) throws -> Gamification {
        var rules = GamificationRules.default
        rules.achievements = []
        rules.challenges = []
        change(&rules)
        return try Gamification(rules: rules)
    }

    @Test func cardXPComesFromTheRules() throws {
        var learner = Learner(engine: try engine { $0.xp.perfectCard = 40 })
        #expect(Learner.xp(learner.review(1, at: time)) == 40)
    }

    @Test func streakBonusComesFromTheRules() throws {
        var learner = Learner(engine: try engine { $0.xp.streakBonus = 7 })
        learner.review(1, at: time)
        let next = learner.review(1, at: time.addingTimeInterval(86_400))
        #expect(next.first { $0.kind == "xp:streak" }?.xp == 7)
    }

    @Test func theLevelCurveComesFromTheRules() throws {
        let engine = try engine { $0.levels = LevelCurve(quadratic: 0, linear: 8) }
        var learner = Learner(engine: engine)
        let awards = learner.review(1, at: time)  // 10 XP: level 2 at 8 on this curve
        #expect(awards.keys.contains("level:2"))
        #expect(engine.level(of: learner.state).nextLevelXP == 16)
    }

    @Test func boxWeightsAndCountsComeFromTheRules() throws {
        let engine = try engine {
            $0.boxes.rarityWeights = [.legendary: 1]
            $0.boxes.baseBoxesPerSession = 2
            $0.boxes.maximumBoxesPerSession = 2
        }
        var learner = Learner(engine: engine)
        learner.apply(session(1, cards: 30), at: time)
        #expect(learner.state.unopenedBoxes.map(\.rarity) == [.legendary, .legendary])
    }

    @Test func challengeTargetsComeFromTheRules() throws {
        let engine = try engine {
            $0.challenges = [
                ChallengeTemplate(
                    kind: .cardMaster, title: "One", descriptionTemplate: "Review {n} card",
                    options: [.init(target: 1, xp: 11)])
            ]
        }
        var learner = Learner(engine: engine)
        #expect(learner.review(1, at: time).first { $0.kind == "challenge" }?.xp == 11)
    }

    @Test func achievementThresholdsAndNightHoursComeFromTheRules() throws {
        let engine = try engine {
            $0.nightHours = HourWindow(startHour: 9, endHour: 11)
            $0.achievements = [
                AchievementDefinition(
                    id: "early_bird", title: "Early Bird", description: "2 reviews 09–11", emoji: "🐦", xp: 3,
                    rarity: .common, category: .learning, rule: .lateNightReviews(atLeast: 2))
            ]
        }
        var learner = Learner(engine: engine)
        learner.review(1, at: time)
        #expect(learner.state.achievements.isEmpty)
        let second = learner.review(2, at: time)
        #expect(second.contains { $0.key == "achievement:early_bird" && $0.xp == 3 })
    }

    @Test func badRulesAreRefused() {
        #expect(throws: GamificationError.self) { try engine { $0.xp.cardCompleted = -1 } }
        #expect(throws: GamificationError.self) { try engine { $0.levels = LevelCurve(quadratic: 0, linear: 0) } }
        #expect(throws: GamificationError.self) { try engine { $0.boxes.rarityWeights = [:] } }
        #expect(throws: GamificationError.self) {
            try engine {
                $0.challenges = [ChallengeTemplate(kind: .cardMaster, title: "", descriptionTemplate: "", options: [])]
            }
        }
        #expect(throws: GamificationError.self) {
            try engine { $0.achievements = AchievementDefinition.defaults + AchievementDefinition.defaults }
        }
        #expect(throws: Never.self) { try GamificationRules.default.validate() }
        let error = GamificationError.invalidRule(field: "xp.cardCompleted", problem: "is negative")
        #expect(error.description == "gamification rule xp.cardCompleted: is negative")
    }

    @Test func rulesRoundTripThroughJSON() throws {
        let data = try JSONEncoder().encode(GamificationRules.default)
        #expect(try JSONDecoder().decode(GamificationRules.self, from: data) == GamificationRules.default)
    }
}
