import FCCore
import FCSanitizer
import Foundation
import Testing

struct FallbackCardsTests {
    let plan1 = BatchPlan(number: 1, aspect: "key figures", depth: .foundational)
    let plan2 = BatchPlan(number: 2, aspect: "key figures", depth: .foundational)

    @Test func deterministic() {
        let first = FallbackCards.make(topic: "Roman history", plan: plan1, count: 5)
        let second = FallbackCards.make(topic: "Roman history", plan: plan1, count: 5)
        #expect(first == second)
        #expect(first.count == 5)
    }

    @Test func originFallbackKindQuestionAndNonEmptyAnswers() {
        let cards = FallbackCards.make(topic: "Roman history", plan: plan1, count: 8)
        #expect(cards.allSatisfy { $0.origin == .fallback && $0.kind == .question && !$0.answer.isEmpty })
        #expect(cards.allSatisfy { $0.question.contains("Roman history") && $0.question.contains("key figures") })
    }

    @Test(arguments: [
        (BatchPlan(number: 2, aspect: "key figures", depth: .foundational)),
        (BatchPlan(number: 1, aspect: "economy", depth: .foundational)),
        (BatchPlan(number: 1, aspect: "key figures", depth: .advanced)),
    ])
    func distinctAcrossPlans(_ other: BatchPlan) {
        let first = Set(FallbackCards.make(topic: "Roman history", plan: plan1, count: 10).map(\.dedupKey))
        let second = Set(FallbackCards.make(topic: "Roman history", plan: other, count: 10).map(\.dedupKey))
        #expect(first.count == 10)
        #expect(second.count == 10)
        #expect(first.isDisjoint(with: second))
    }

    @Test func manyCardsStayUnique() {
        let cards = FallbackCards.make(topic: "Chemistry", plan: nil, count: 30)
        #expect(Set(cards.map(\.dedupKey)).count == 30)
    }

    @Test func zeroOrNegativeCountGivesNone() {
        #expect(FallbackCards.make(topic: "Chemistry", plan: plan1, count: 0).isEmpty)
        #expect(FallbackCards.make(topic: "Chemistry", plan: plan1, count: -3).isEmpty)
    }

    @Test func passTheSanitizersOwnValidation() {
        let longTopic = String(repeating: "Very long topic name ", count: 40)
        for topic in ["Roman history", "日本の歴史", longTopic, "  "] {
            let cards = FallbackCards.make(topic: topic, plan: plan2, count: 8)
            let json =
                "["
                + cards.map { #"{"question":\#(quoted($0.question)),"answer":\#(quoted($0.answer))}"# }
                .joined(separator: ",") + "]"
            let report = Sanitizer().sanitize(json)
            #expect(report.outcome == .strict)
            #expect(report.cards.count == 8)
            #expect(report.dropped.isEmpty)
        }
    }

    @Test func sanitizerFallbackUsesOptions() {
        let options = SanitizerOptions(fallbackTopic: "Roman history", fallbackPlan: plan2, fallbackCount: 3)
        let report = Sanitizer(options: options).sanitize("No JSON here.")
        #expect(report.outcome == .fallback)
        #expect(report.cards == FallbackCards.make(topic: "Roman history", plan: plan2, count: 3))
    }

    @Test func fallbackSkipsCardsTheTopicHas() {
        let options = SanitizerOptions(fallbackTopic: "Roman history", fallbackPlan: plan2, fallbackCount: 3)
        let first = FallbackCards.make(topic: "Roman history", plan: plan2, count: 3)
        let report = Sanitizer(options: options).sanitize("nothing", existingKeys: [first[0].dedupKey])
        #expect(report.outcome == .fallback)
        #expect(report.cards == Array(first.dropFirst()))
    }

    @Test func noFallbackTopicMeansNoCards() {
        let report = Sanitizer().sanitize(#"[{"question":"Q?","answer":"TBD"}]"#)
        #expect(report.outcome == .fallback)
        #expect(report.cards.isEmpty)
        #expect(report.dropped == [.placeholder: 1])
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
