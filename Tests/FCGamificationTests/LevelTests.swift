import FCGamification
import Testing

/// The level curve: thresholds at and around boundaries, XP bar, level-up detection.
struct LevelTests {
    @Test func thresholdsFollowTheCurve() {
        let curve = LevelCurve.default
        #expect((1...6).map(curve.xpToReach(level:)) == [0, 100, 300, 600, 1000, 1500])
        #expect(curve.xpToReach(level: 0) == 0)
        #expect(curve.xpToReach(level: Int.max) == Int.max)
    }

    @Test(arguments: [
        (-5, 1), (0, 1), (99, 1), (100, 2), (101, 2), (299, 2), (300, 3), (599, 3), (600, 4), (999, 4), (1000, 5),
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
        let info = LevelInfo(totalXP: 350)
        #expect(info.level == 3)
        #expect(info.levelStartXP == 300 && info.nextLevelXP == 600)
        #expect(info.xpIntoLevel == 50 && info.xpToNextLevel == 250 && info.levelSpan == 300)
        #expect(abs(info.progress - 50.0 / 300.0) < 1e-12)
        #expect(LevelInfo(totalXP: 0).progress == 0)
    }

    @Test func levelUpDetection() {
        #expect(LevelInfo.levelsReached(from: 0, to: 99) == nil)
        #expect(LevelInfo.levelsReached(from: 99, to: 100) == 2...2)
        #expect(LevelInfo.levelsReached(from: 100, to: 299) == nil)
        #expect(LevelInfo.levelsReached(from: 90, to: 650) == 2...4)
        #expect(LevelInfo.levelsReached(from: 650, to: 90) == nil)
    }

    @Test func engineAnnouncesEachLevelCrossedOnce() {
        var learner = Learner()
        var awards: [Award] = []
        // 4 perfect cards = 100 XP + First Steps 10 XP: level 2 on the 4th card (25·3 + 10 = 85, then 110).
        for card in 1...4 { awards += learner.review(Int64(card), at: instant("2026-03-08T10:00:0\(card)Z")) }
        #expect(awards.filter { $0.kind == "level" }.map(\.key) == ["level:2"])
        #expect(learner.engine.level(of: learner.state).level == 2)
        let again = learner.review(4, at: instant("2026-03-08T10:00:09Z"))
        #expect(again.isEmpty)
    }
}
