import FCGamification
import Foundation
import Testing

/// Events an app stored before quiz overrides existed still decode: an answer without a judgement is a graded one,
/// a session summary without an override count has none; and what is encoded now decodes as it was.
struct EventDecodingTests {
    @Test func anAnswerStoredWithoutAJudgementIsGraded() throws {
        let json = #"{"cardID":7,"topicID":2,"isFirstTry":true,"duration":3.5}"#
        let answer = try JSONDecoder().decode(CardAnswer.self, from: Data(json.utf8))
        #expect(answer.judgement == .graded)
        #expect(answer.cardID == 7 && answer.topicID == 2 && answer.isFirstTry && answer.duration == 3.5)
    }

    @Test func aSessionStoredWithoutAnOverrideCountHasNone() throws {
        let json = #"""
            {"sessionID":4,"queueSize":10,"cardsReviewed":12,"correct":9,"perfect":7,"duration":300,"topicIDs":[1,2]}
            """#
        let summary = try JSONDecoder().decode(SessionSummary.self, from: Data(json.utf8))
        #expect(summary.overridden == 0)
        #expect(summary.cards == nil && summary.correct == 9 && summary.topicIDs == [1, 2])
    }

    @Test func eventsRoundTrip() throws {
        let events: [GamificationEvent] = [
            .cardAnsweredCorrectly(
                CardAnswer(cardID: 1, topicID: 3, isFirstTry: false, duration: 2, judgement: .overridden)),
            .sessionFinished(
                SessionSummary(
                    sessionID: 9, queueSize: 5, cardsReviewed: 5, correct: 4, perfect: 2, duration: 60, topicIDs: [3],
                    cards: 5, overridden: 1)),
        ]
        let decoded = try JSONDecoder().decode([GamificationEvent].self, from: JSONEncoder().encode(events))
        #expect(decoded == events)
    }
}
