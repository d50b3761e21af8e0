import FCGamification
import Foundation
import Testing

/// Streaks from local calendar days with a card review.
struct StreakTests {
    @Test func consecutiveDaysContinueTheStreakAndPayTheBonusOnce() {
        var learner = Learner()
        #expect(!learner.review(1, at: instant("2026-03-08T10:00:00Z")).keys.contains { $0.hasPrefix("xp:streak") })
        let second = learner.review(1, at: instant("2026-03-09T08:00:00Z"))
        #expect(second.filter { $0.kind == "xp:streak" }.map(\.xp) == [10])
        #expect(learner.review(2, at: instant("2026-03-09T09:00:00Z")).allSatisfy { $0.kind != "xp:streak" })
        #expect(learner.state.streak.current == 2 && learner.state.streak.longest == 2)
        #expect(learner.state.streak.lastActiveDay == day("2026-03-09"))
    }

    @Test func aMissedDayResetsCurrentAndKeepsLongest() {
        var learner = Learner()
        for offset in 0..<4 {
            learner.review(1, at: instant("2026-03-01T12:00:00Z").addingTimeInterval(Double(offset) * 86_400))
        }
        #expect(learner.state.streak.current == 4)
        // Seen on the 6th with no review on the 5th: the streak is gone even before any new activity.
        #expect(learner.state.streak.current(asOf: day("2026-03-05")) == 4)
        #expect(learner.state.streak.current(asOf: day("2026-03-06")) == 0)
        let profile = learner.engine.profile(
            of: learner.state, at: instant("2026-03-06T12:00:00Z"), timeZone: Zones.utc)
        #expect(profile.currentStreak == 0 && profile.longestStreak == 4)
        let restart = learner.review(2, at: instant("2026-03-06T12:00:00Z"))
        #expect(restart.allSatisfy { $0.kind != "xp:streak" })
        #expect(learner.state.streak.current == 1 && learner.state.streak.longest == 4)
    }

    @Test func theTimeZoneDecidesTheDay() {
        // 20:00Z then 10:00Z next day: in New York 16:00 on the 8th then 06:00 on the 9th (two days);
        // in Auckland 09:00 and 23:00 on the 9th (one day).
        let first = instant("2026-03-08T20:00:00Z")
        let second = instant("2026-03-09T10:00:00Z")
        var newYork = Learner(zone: Zones.newYork)
        var auckland = Learner(zone: Zones.auckland)
        newYork.review(1, at: first)
        newYork.review(2, at: second)
        auckland.review(1, at: first)
        auckland.review(2, at: second)
        #expect(newYork.state.streak.current == 2)
        #expect(auckland.state.streak.current == 1)
        #expect(newYork.awards.contains { $0.key == "xp:streak:2026-03-09" })
        #expect(!auckland.awards.contains { $0.kind == "xp:streak" })
    }

    @Test func streakStateRules() {
        var streak = StreakState()
        #expect(streak.recordActivity(on: day("2026-01-01")) == .started)
        #expect(streak.recordActivity(on: day("2026-01-01")) == .unchanged)
        #expect(streak.recordActivity(on: day("2026-01-02")) == .continued(length: 2))
        #expect(streak.recordActivity(on: day("2025-12-31")) == .unchanged)
        #expect(streak.recordActivity(on: day("2026-01-04")) == .started)
        #expect(streak.current == 1 && streak.longest == 2)
    }
}
