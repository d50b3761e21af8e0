import FCCore
import FCGamification
import Foundation
import Testing

/// A quiz answer the learner claimed right over the grader ("I was right", ``QuizJudgement/overridden``): the card's
/// XP for a right answer at most, and nothing toward accuracy or speed, where the same answer graded right earns it.
struct QuizOverrideRuleTests {
    let noon = instant("2026-03-08T12:00:00Z")

    func overridden(_ card: Int64, topic: Int64 = 1) -> GamificationEvent {
        .cardAnsweredCorrectly(
            CardAnswer(cardID: card, topicID: topic, isFirstTry: true, duration: 3, judgement: .overridden))
    }

    /// A finished session of `cards` quiz answers, all counted right, `claimed` of them on the learner's word.
    func quiz(_ id: Int64, cards: Int, claimed: Int, seconds: Double = 600) -> GamificationEvent {
        .sessionFinished(
            SessionSummary(
                sessionID: id, queueSize: cards, cardsReviewed: cards, correct: cards, perfect: cards - claimed,
                duration: seconds, topicIDs: [1], cards: cards, overridden: claimed))
    }

    @Test func anOverridePaysARightAnswersCardXPAndNothingElse() {
        var graded = Learner()
        var claimed = Learner()
        // Yesterday's card keeps a streak going: today's first right card pays the streak bonus.
        graded.quiz(99, at: noon.addingTimeInterval(-86_400))
        claimed.quiz(99, at: noon.addingTimeInterval(-86_400))

        let right = graded.quiz(1, topic: 2, at: noon)
        #expect(right.keys.contains("xp:card:1:2026-03-08"))
        #expect(right.contains { $0.kind == "xp:streak" })
        #expect(graded.state.today?.perfectCardIDs == [1])
        #expect(graded.state.lifetime.studiedTopicIDs.contains(2))

        let claim = claimed.apply(overridden(1, topic: 2), at: noon)
        #expect(claim.map(\.reason) == [.card(cardID: 1, tier: .correct)])
        #expect(Learner.xp(claim) == XPRewards.default.correctAnswer)
        let today = claimed.state.today
        #expect(today?.perfectCardIDs.isEmpty == true)
        #expect(today?.topicIDs.isEmpty == true)
        #expect(today?.cardsCounted == 0)
        #expect(claimed.state.lifetime.studiedTopicIDs.contains(2) == false)
        #expect(claimed.state.lifetime.quizAnswers == 1)  // yesterday's card only
        #expect(claimed.state.streak.lastActiveDay == day("2026-03-07"))
        #expect(today?.challenges.allSatisfy { $0.progress == 0 } == true)

        // Claimed again the same day: paid once.
        #expect(claimed.apply(overridden(1, topic: 2), at: noon.addingTimeInterval(60)).isEmpty)
    }

    @Test func aCardClaimedRightCountsOnceAnsweredOtherwiseButPaysNoMore() {
        var learner = Learner()
        learner.apply(overridden(1), at: noon)
        let review = learner.review(1, at: noon.addingTimeInterval(60))
        #expect(!review.contains { $0.kind == "xp:card" })  // card XP is once per card per local day
        #expect(learner.state.lifetime.cardsReviewed == 1)
        #expect(learner.state.today?.cardsCounted == 1)
        #expect(learner.state.today?.overriddenOnlyCardIDs.isEmpty == true)
        #expect(learner.state.streak.lastActiveDay == day("2026-03-08"))
        #expect(learner.state.achievements[.firstSteps] != nil)
    }

    @Test func anOverriddenAnswerNeverMakesASessionPerfectOrFastOrCountForBoxes() {
        // Ten quiz cards in 10 s, all right: Perfectionist, Speed Demon is 20 cards.
        var graded = Learner()
        let perfect = graded.apply(quiz(1, cards: 10, claimed: 0, seconds: 10), at: noon)
        #expect(perfect.keys.contains("achievement:perfectionist"))
        var claimed = Learner()
        let one = claimed.apply(quiz(1, cards: 10, claimed: 1, seconds: 10), at: noon)
        #expect(!one.keys.contains("achievement:perfectionist"))
        #expect(one.filter { $0.kind == "box" }.count == 4)  // 9 of 10 graded right: still the accuracy bonus

        // 20 cards in 20 s with 15 graded right and 3 claimed: 90 % counted right, 75 % graded; Speed Demon needs 80 %.
        var fast = Learner()
        fast.apply(quiz(2, cards: 20, claimed: 0, seconds: 20), at: noon)
        #expect(fast.state.achievements[.speedDemon] != nil)
        var rushed = Learner()
        let summary = SessionSummary(
            sessionID: 2, queueSize: 20, cardsReviewed: 20, correct: 18, perfect: 15, duration: 20, topicIDs: [1],
            cards: 20, overridden: 3)
        #expect(summary.accuracy == 0.75)
        let awards = rushed.apply(.sessionFinished(summary), at: noon)
        #expect(rushed.state.achievements[.speedDemon] == nil)
        #expect(awards.filter { $0.kind == "box" }.count == 4)  // counted, no accuracy bonus: 3 + 1 for 20 cards

        // Claimed right up to half: the session does not count (fewer than half graded right).
        var farm = Learner()
        let farmed = SessionSummary(
            sessionID: 3, queueSize: 10, cardsReviewed: 10, correct: 10, perfect: 4, duration: 600, topicIDs: [1],
            cards: 10, overridden: 6)
        #expect(!SessionRules.default.counts(farmed))
        #expect(farm.apply(.sessionFinished(farmed), at: noon).isEmpty)
    }
}
