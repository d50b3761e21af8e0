import FCCore
import FCGamification
import Foundation
import Testing

/// The profile summary comes from running totals, so it is cheap whatever the history.
struct ProfileTests {
    @Test func profileShowsLevelStreaksChallengesAndBoxes() {
        var learner = Learner(zone: Zones.kolkata)
        let time = instant("2026-03-08T10:00:00Z")
        for card in 1...5 { learner.review(Int64(card), at: time) }
        learner.apply(session(3, cards: 5), at: time)
        let profile = learner.engine.profile(of: learner.state, at: time, timeZone: Zones.kolkata)
        #expect(profile.day == day("2026-03-08"))
        #expect(profile.level == LevelInfo(totalXP: learner.state.totalXP))
        #expect(profile.xpBarFraction == profile.level.progress)
        #expect(profile.currentStreak == 1 && profile.longestStreak == 1)
        #expect(profile.challenges.count == 3)
        #expect(profile.challenges.first?.progress == min(5, profile.challenges.first?.target ?? 0))
        #expect(profile.unopenedBoxes.count == 4)
        #expect(profile.xpToday == learner.state.totalXP)
        #expect(profile.achievementsUnlocked == 1 && profile.achievementsTotal == 8)
    }

    @Test func aQuietDayShowsFreshChallengesAndNoXPToday() {
        var learner = Learner(id: 5)
        learner.review(1, at: instant("2026-03-08T10:00:00Z"))
        let later = instant("2026-03-10T10:00:00Z")
        let profile = learner.engine.profile(of: learner.state, at: later, timeZone: Zones.utc)
        #expect(profile.xpToday == 0 && profile.currentStreak == 0)
        let fresh = GamificationRules.default.dailyChallenges(learnerID: 5, day: day("2026-03-10"), timeZone: Zones.utc)
        #expect(profile.challenges == fresh)
    }

    @Test func profileOfAMillionReviewLearnerComesFromRunningTotals() {
        var state = GamificationState(learnerID: 1)
        state.totalXP = 25_000_000
        state.lifetime.cardsReviewed = 1_000_000
        state.lifetime.exploredTopicIDs = Set(1...500)
        state.streak = StreakState(current: 400, longest: 900, lastActiveDay: day("2026-03-07"))
        state.unopenedBoxes = (1...200).map {
            MysteryBox(sessionID: Int64($0), ordinal: 1, rarity: .epic, earnedAt: instant("2026-03-07T10:00:00Z"))
        }
        let engine = Gamification()
        // The time this takes is a benchmark figure (fcgen-bench), not a test assertion.
        let profile = engine.profile(of: state, at: instant("2026-03-08T10:00:00Z"), timeZone: Zones.newYork)
        #expect(profile.currentStreak == 400)
        #expect(profile.level.level == LevelCurve.default.level(forXP: 25_000_000))
    }
}
