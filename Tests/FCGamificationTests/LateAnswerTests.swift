import FCCore
import FCGamification
import Foundation
import Testing

/// Card answers sent late (docs/gamification.md, "Late answers"): given on a day before the state's current day,
/// they pay their card's XP keyed by their own day, inside the window, and change nothing the state counts.
struct LateAnswerTests {
    @Test func aLateReviewPaysItsCardXPOnItsOwnDayAndLeavesTodayAlone() {
        var learner = Learner()
        learner.review(1, at: instant("2026-03-08T09:00:00Z"))
        learner.review(1, at: instant("2026-03-09T10:00:00Z"))  // studied on another device the next day
        let before = learner.state
        #expect(before.streak.current == 2 && before.today?.day == day("2026-03-09"))
        // Given offline on the 8th at 20:00, sent on the 9th.
        let late = learner.review(2, at: instant("2026-03-08T20:00:00Z"))
        #expect(late.keys == ["xp:card:2:2026-03-08"])
        #expect(late.map(\.day) == [day("2026-03-08")] && late.map(\.earnedAt) == [instant("2026-03-08T20:00:00Z")])
        #expect(Learner.xp(late) == 10)
        #expect(learner.state.totalXP == before.totalXP + 10)
        // Nothing else moved: today, its XP and challenges, the streak, the lifetime counters.
        var expected = before
        expected.totalXP += 10
        #expect(learner.state == expected)
    }

    @Test func eachTierPaysAsOnItsDay() {
        var learner = Learner()
        learner.review(9, at: instant("2026-03-09T10:00:00Z"))
        let again = learner.review(2, rating: .fail, at: instant("2026-03-08T20:00:00Z"))
        let notFirst = learner.review(3, firstTry: false, at: instant("2026-03-08T20:01:00Z"))
        let quiz = learner.quiz(4, at: instant("2026-03-07T20:00:00Z"))
        let overridden = learner.apply(
            .cardAnsweredCorrectly(
                CardAnswer(cardID: 5, topicID: 1, isFirstTry: true, duration: 1, judgement: .overridden)),
            at: instant("2026-03-07T20:01:00Z"))
        #expect([again, notFirst, quiz, overridden].map(Learner.xp) == [4, 6, 10, 6])
        #expect(quiz.keys == ["xp:card:4:2026-03-07"] && overridden.keys == ["xp:card:5:2026-03-07"])
    }

    @Test func theWindowIsSevenDaysByDefaultAndARuleSetsIt() throws {
        var learner = Learner()
        learner.review(9, at: instant("2026-03-15T10:00:00Z"))
        #expect(learner.review(1, at: instant("2026-03-08T23:59:00Z")).keys == ["xp:card:1:2026-03-08"])
        let before = learner.state
        #expect(learner.review(2, at: instant("2026-03-07T23:59:00Z")).isEmpty, "eight days late pays nothing")
        #expect(learner.state == before)

        var rules = GamificationRules.default
        rules.lateAnswerDays = 0
        var strict = Learner(engine: try Gamification(rules: rules))
        strict.review(9, at: instant("2026-03-15T10:00:00Z"))
        #expect(strict.review(1, at: instant("2026-03-14T23:59:00Z")).isEmpty, "0: only today's answers pay")
        rules.lateAnswerDays = -1
        #expect(throws: GamificationError.self) { try Gamification(rules: rules) }
    }

    @Test func theEngineLeavesATwiceSentLateAnswerToTheStoresKey() {
        // The state has no memory of the 8th, so both late answers carry the same award key: the store inserts
        // the first and ignores the second (`ON CONFLICT DO NOTHING`), paying once.
        var learner = Learner()
        learner.review(9, at: instant("2026-03-09T10:00:00Z"))
        let first = learner.review(2, at: instant("2026-03-08T20:00:00Z"))
        let second = learner.review(2, rating: .easy, at: instant("2026-03-08T21:00:00Z"))
        #expect(first.keys == second.keys && first.keys == ["xp:card:2:2026-03-08"])
    }

    @Test func aLateAnswerAnnouncesTheLevelItCrosses() {
        var learner = Learner()
        learner.review(9, at: instant("2026-03-09T10:00:00Z"))
        learner.state.totalXP = 495  // 5 XP short of level 2
        let late = learner.review(2, at: instant("2026-03-08T20:00:00Z"))
        #expect(late.keys == ["xp:card:2:2026-03-08", "level:2"])
    }
}
