import FCGamification
import Foundation
import Testing

/// The level curve: thresholds at and around boundaries, XP bar, level-up detection.
struct LevelTests {
    @Test func thresholdsFollowTheCurve() {
        let curve = LevelCurve.default
        #expect((1...6).map(curve.xpToReach(level:)) == [0, 500, 1_100, 1_800, 2_600, 3_500])
        #expect(curve.xpToReach(level: 10) == 8_100)
        #expect(curve.xpToReach(level: 0) == 0)
        #expect(curve.xpToReach(level: Int.max) == Int.max)
    }

    @Test func levelsGrowWiderSoTheyComeMoreSlowly() {
        let curve = LevelCurve.default
        let spans = (1...30).map { curve.xpToReach(level: $0 + 1) - curve.xpToReach(level: $0) }
        #expect(spans.first == 500)
        #expect(zip(spans, spans.dropFirst()).allSatisfy { $1 - $0 == 100 })
    }

    @Test(arguments: [
        (-5, 1), (0, 1), (499, 1), (500, 2), (501, 2), (1_099, 2), (1_100, 3), (1_799, 3), (1_800, 4), (2_599, 4),
        (2_600, 5),
    ])
    func levelAtAndAroundBoundaries(xp: Int, level: Int) {
        #expect(LevelInfo(totalXP: xp).level == level)
    }

    @Test func levelIsExactForLargeTotals() {
        let curve = LevelCurve.default
        for level in [100, 1_000, 12_345, 400_000_000] {
            let threshold = curve.xpToReach(level: level)
            #expect(curve.level(forXP: threshold) == level)
            #expect(curve.level(forXP: threshold - 1) == level - 1)
        }
        #expect(curve.level(forXP: Int.max) > 400_000_000)
    }

    @Test func barShowsXPIntoLevelAndToNext() {
        let info = LevelInfo(totalXP: 1_150)
        #expect(info.level == 3)
        #expect(info.levelStartXP == 1_100 && info.nextLevelXP == 1_800)
        #expect(info.xpIntoLevel == 50 && info.xpToNextLevel == 650 && info.levelSpan == 700)
        #expect(abs(info.progress - 50.0 / 700.0) < 1e-12)
        #expect(LevelInfo(totalXP: 0).progress == 0)
    }

    @Test func levelUpDetection() {
        #expect(LevelInfo.levelsReached(from: 0, to: 499) == nil)
        #expect(LevelInfo.levelsReached(from: 499, to: 500) == 2...2)
        #expect(LevelInfo.levelsReached(from: 500, to: 1_099) == nil)
        #expect(LevelInfo.levelsReached(from: 90, to: 1_850) == 2...4)
        #expect(LevelInfo.levelsReached(from: 1_850, to: 90) == nil)
    }

    @Test func engineAnnouncesEachLevelCrossedOnce() {
        var learner = Learner()
        var awards: [Award] = []
        // 10 XP a perfect card, 10 for First Steps, the day's challenges as they complete: level 2 (500 XP) within
        // the first 48 cards (480 XP for the cards alone), announced once.
        for card in 1...48 {
            awards += learner.review(Int64(card), at: instant("2026-03-08T10:00:00Z").addingTimeInterval(Double(card)))
        }
        #expect(awards.filter { $0.kind == "level" }.map(\.key) == ["level:2"])
        #expect(learner.engine.level(of: learner.state).level == 2)
        let again = learner.review(48, at: instant("2026-03-08T10:09:00Z"))
        #expect(again.isEmpty)
    }
}
