import FCCore
import FCGamification
import Foundation
import Testing

/// Rewards follow effort: each anti-abuse rule of `SessionRules`, `BoxRules.maximumBoxesPerDay` and the achievement
/// rules, with the farming attempt it stops.
struct AntiAbuseRuleTests {
    let noon = instant("2026-03-08T12:00:00Z")

    func boxes(_ awards: [Award]) -> Int { awards.filter { $0.kind == "box" }.count }

    @Test func anAbandonedSessionEarnsNoBoxesAndDoesNotCount() {
        var learner = Learner()
        // Rated one card of a ten-card session, then quit: the 4-boxes-every-time farm.
        let awards = learner.apply(session(1, queue: 10, cards: 1, correct: 1, perfect: 1), at: noon)
        #expect(awards.isEmpty)
        #expect(learner.state.lifetime.sessionsFinished == 0)
        #expect(learner.state.unopenedBoxes.isEmpty)
        // The same learner finishing a whole session earns as before.
        #expect(boxes(learner.apply(session(2, queue: 10, cards: 10, correct: 10), at: noon)) == 4)
    }

    @Test(arguments: [1, 2, 4])
    func aSessionShorterThanFiveAnswersEarnsNothing(cards: Int) {
        var learner = Learner()
        // A one-card quiz answered right, repeated all day.
        #expect(learner.apply(session(1, cards: cards), at: noon).isEmpty)
        #expect(boxes(learner.apply(session(2, cards: 5), at: noon)) == 4)
    }

    @Test(arguments: [(10, 0), (27, 0), (10, 4)])
    func aSessionWithFewerThanHalfRightEarnsNothing(cards: Int, correct: Int) {
        var learner = Learner()
        #expect(learner.apply(session(1, cards: cards, correct: correct, seconds: 1), at: noon).isEmpty)
        #expect(learner.state.achievements.isEmpty)
        #expect(boxes(learner.apply(session(2, cards: 10, correct: 5), at: noon)) == 3)
    }

    @Test func boxesStopAtTheDailyCapAndComeBackTheNextDay() {
        var learner = Learner()
        #expect(boxes(learner.apply(session(1, cards: 20), at: noon)) == 5)
        #expect(boxes(learner.apply(session(2, cards: 10, correct: 6), at: noon)) == 3)
        #expect(boxes(learner.apply(session(3, cards: 20), at: noon)) == 2)  // 10 a day
        let capped = learner.apply(session(4, cards: 10, perfect: 10), at: noon)
        #expect(boxes(capped) == 0)
        // A counted session past the cap still unlocks what it earned by itself.
        #expect(capped.contains { $0.key == "achievement:perfectionist" })
        #expect(learner.state.today?.boxesEarned == 10)
        #expect(learner.state.unopenedBoxes.count == 10)
        #expect(boxes(learner.apply(session(5, cards: 20), at: noon.addingTimeInterval(86_400))) == 5)
    }

    @Test func speedDemonNeedsRightAnswers() {
        var learner = Learner()
        // 27 cards in 27 seconds, none right: the farm from the issue.
        learner.apply(session(1, cards: 27, correct: 0, seconds: 27), at: noon)
        // Counted (≥ 50 % right) but below Speed Demon's 80 %.
        learner.apply(session(2, cards: 20, correct: 15, seconds: 20), at: noon)
        #expect(learner.state.achievements[.speedDemon] == nil)
        learner.apply(session(3, cards: 20, correct: 16, seconds: 20), at: noon)
        #expect(learner.state.achievements[.speedDemon] == noon)
    }

    @Test func quizAnswersAreNotReviews() {
        var learner = Learner()
        let night = instant("2026-03-08T23:30:00Z")
        for card in 1...5 { learner.quiz(Int64(card), at: night) }
        #expect(learner.state.lifetime.cardsReviewed == 0)
        #expect(learner.state.lifetime.quizAnswers == 5)
        #expect(learner.state.lifetime.lateNightReviews == 0)
        #expect(learner.state.achievements.isEmpty)  // no First Steps, no Night Owl from quizzes
        #expect(Learner.xp(learner.awards) > 0)  // right answers still pay their card XP
    }

    @Test func aReviewOfACardQuizzedTheSameDayCountsOnceAndPaysNothingMore() {
        var learner = Learner()
        learner.quiz(1, at: noon)
        let review = learner.review(1, at: noon)
        #expect(review.filter { $0.kind == "xp:card" }.isEmpty)
        #expect(review.contains { $0.key == "achievement:first_steps" })
        #expect(learner.state.lifetime.cardsReviewed == 1)
        learner.review(1, at: noon)
        #expect(learner.state.lifetime.cardsReviewed == 1)
    }

    @Test func topicsOpenedOrGeneratedAreNotStudied() {
        var learner = Learner()
        for topic in 1...12 { learner.apply(.generationFinished(topicID: Int64(topic), cardsAdded: 10), at: noon) }
        #expect(learner.state.lifetime.studiedTopicIDs.isEmpty)
        #expect(learner.state.today?.topicIDs.isEmpty == true)
        #expect(learner.state.achievements.isEmpty)
    }

    @Test func theSessionRulesAreData() throws {
        var rules = GamificationRules.default
        rules.sessions = SessionRules(minimumAnswers: 1, minimumAccuracy: 0, requiresCompletedQueue: false)
        rules.boxes.maximumBoxesPerDay = 4
        var learner = Learner(engine: try Gamification(rules: rules))
        #expect(boxes(learner.apply(session(1, queue: 10, cards: 1, correct: 0), at: noon)) == 3)
        #expect(boxes(learner.apply(session(2, queue: 10, cards: 1, correct: 0), at: noon)) == 1)
        #expect(
            SessionRules.default.counts(
                SessionSummary(
                    sessionID: 1, queueSize: 5, cardsReviewed: 5, correct: 3, perfect: 0, duration: 9, topicIDs: [])))
    }

    @Test func badSessionRulesAreRefused() {
        func refuses(_ change: (inout GamificationRules) -> Void) -> Bool {
            var rules = GamificationRules.default
            change(&rules)
            return (try? Gamification(rules: rules)) == nil
        }
        #expect(refuses { $0.sessions.minimumAnswers = 0 })
        #expect(refuses { $0.sessions.minimumAccuracy = 1.5 })
        #expect(refuses { $0.boxes.maximumBoxesPerDay = -1 })
        #expect(
            refuses {
                $0.achievements[2].rule = .fastSession(minimumCards: 20, maximumSecondsPerCard: 5, minimumAccuracy: -1)
            })
    }

    @Test func aStateStoredBeforeTheseRulesStillDecodes() throws {
        var learner = Learner()
        learner.review(1, topic: 4, at: noon)
        var json = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(learner.state)) as? [String: Any])
        var today = try #require(json["today"] as? [String: Any])
        var lifetime = try #require(json["lifetime"] as? [String: Any])
        today["quizOnlyCardIDs"] = nil
        today["boxesEarned"] = nil
        lifetime["quizAnswers"] = nil
        lifetime["studiedTopicIDs"] = nil
        json["today"] = today
        json["lifetime"] = lifetime
        let old = try JSONSerialization.data(withJSONObject: json)
        let decoded = try JSONDecoder().decode(GamificationState.self, from: old)
        #expect(decoded.today?.boxesEarned == 0)
        #expect(decoded.lifetime.studiedTopicIDs == [4])
        #expect(decoded.lifetime.cardsReviewed == 1)
    }
}
