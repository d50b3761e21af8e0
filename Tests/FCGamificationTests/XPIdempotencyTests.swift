import FCCore
import FCGamification
import Foundation
import Testing

/// Card XP tiers, once per card per local day, and replays that never pay twice.
struct XPIdempotencyTests {
    /// An engine without achievements or challenges, so only the XP under test is paid.
    static let bare: Gamification = {
        var rules = GamificationRules.default
        rules.achievements = []
        rules.challenges = []
        guard let engine = try? Gamification(rules: rules) else { preconditionFailure("rules") }
        return engine
    }()

    @Test func cardTiersPayFourSixTen() {
        var learner = Learner(engine: Self.bare)
        let time = instant("2026-03-08T10:00:00Z")
        #expect(Learner.xp(learner.review(1, rating: .fail, at: time)) == 4)
        #expect(Learner.xp(learner.review(2, rating: .difficult, firstTry: false, at: time)) == 6)
        #expect(Learner.xp(learner.review(3, rating: .easy, firstTry: true, at: time)) == 10)
        // A quiz answer pays on the same scale as a review: right on the first try, a card's 10 XP.
        let quiz = CardAnswer(cardID: 4, topicID: 1, isFirstTry: false, duration: 2)
        #expect(Learner.xp(learner.apply(.cardAnsweredCorrectly(quiz), at: time)) == 6)
        let firstTry = CardAnswer(cardID: 5, topicID: 1, isFirstTry: true, duration: 2)
        #expect(Learner.xp(learner.apply(.cardAnsweredCorrectly(firstTry), at: time)) == 10)
        #expect(learner.state.totalXP == 36 && learner.state.today?.xp == 36)
        #expect(learner.awards.keys.first == "xp:card:1:2026-03-08")
    }

    @Test func theSameEventTwicePaysOnce() {
        var learner = Learner()
        let time = instant("2026-03-08T10:00:00Z")
        let first = learner.review(7, at: time)
        let before = learner.state
        let second = learner.review(7, at: time)
        #expect(!first.isEmpty)
        #expect(second.isEmpty)
        #expect(learner.state == before)
    }

    @Test func cardXPOncePerCardPerLocalDayAndAgainTheNextDay() {
        var learner = Learner(zone: Zones.newYork, engine: Self.bare)
        #expect(Learner.xp(learner.review(7, rating: .fail, at: instant("2026-03-08T14:00:00Z"))) == 4)
        // Later the same local day: a better answer changes nothing; the first answer of the day decided.
        #expect(learner.review(7, rating: .easy, at: instant("2026-03-08T20:00:00Z")).isEmpty)
        let quiz = CardAnswer(cardID: 7, topicID: 1, isFirstTry: true, duration: 1)
        #expect(learner.apply(.cardAnsweredCorrectly(quiz), at: instant("2026-03-09T03:59:59Z")).isEmpty)
        // 2026-03-09T04:00Z is midnight in New York (EDT began that morning): a new day pays again, plus the streak.
        let nextDay = learner.review(7, at: instant("2026-03-09T04:00:00Z"))
        #expect(nextDay.keys == ["xp:card:7:2026-03-09", "xp:streak:2026-03-09"])
        #expect(Learner.xp(nextDay) == 20)
        #expect(learner.state.lifetime.cardsReviewed == 2)
    }

    @Test func eventsFromAnEarlierDayAreIgnoredButCardAnswers() {
        var learner = Learner()
        learner.review(1, at: instant("2026-03-09T10:00:00Z"))
        let before = learner.state
        #expect(learner.apply(session(9, cards: 5), at: instant("2026-03-08T23:00:00Z")).isEmpty)
        #expect(learner.apply(.topicCompleted(topicID: 1), at: instant("2026-03-08T23:00:00Z")).isEmpty)
        #expect(learner.state == before)
        // A card's answer is the exception (LateAnswerTests): its own day's card XP.
        #expect(learner.review(2, at: instant("2026-03-08T23:00:00Z")).keys == ["xp:card:2:2026-03-08"])
    }

    @Test func sessionsTopicsAndBoxesPayOnce() throws {
        var learner = Learner(engine: Self.bare)
        let time = instant("2026-03-08T10:00:00Z")
        let boxes = learner.apply(session(5, cards: 10), at: time)
        #expect(boxes.keys == ["box:5:1", "box:5:2", "box:5:3", "box:5:4"])
        #expect(learner.apply(session(5, cards: 10), at: time).isEmpty)
        #expect(learner.state.unopenedBoxes.count == 4)

        #expect(Learner.xp(learner.apply(.topicCompleted(topicID: 3), at: time)) == 50)
        #expect(learner.apply(.topicCompleted(topicID: 3), at: instant("2026-03-20T10:00:00Z")).isEmpty)

        let box = try #require(learner.state.unopenedBoxes.first)
        let opened = learner.apply(.boxOpened(boxID: box.id), at: time)
        #expect(opened.keys == ["box_open:5:1"])
        #expect(learner.apply(.boxOpened(boxID: box.id), at: time).isEmpty)
        #expect(learner.apply(.boxOpened(boxID: "nope"), at: time).isEmpty)
        #expect(learner.state.unopenedBoxes.count == 3)
    }

    @Test func everyAwardKeyIsUniqueOverAWeekOfReplays() {
        var learner = Learner(zone: Zones.kolkata)
        for dayIndex in 0..<7 {
            let base = instant("2026-03-01T06:00:00Z").addingTimeInterval(Double(dayIndex) * 86_400)
            for round in 0..<2 {  // every event delivered twice
                for card in 1...25 { learner.review(Int64(card), topic: Int64(card % 4), at: base) }
                learner.apply(session(Int64(dayIndex), cards: 25, perfect: 25, seconds: 60), at: base)
                learner.apply(.topicExplored(topicID: 99), at: base)
                _ = round
            }
        }
        #expect(Set(learner.awards.keys).count == learner.awards.count)
        #expect(learner.state.totalXP == Learner.xp(learner.awards))
        #expect(learner.state.lifetime.cardsReviewed == 25 * 7)
    }
}
