import FCCore
import Testing

@testable import FCGenerator

/// Without an outline, the aspects follow the topic's kind, read from its name.
struct TopicKindTests {
    @Test(arguments: [
        ("Roman history", TopicKind.history), ("Spanish verbs", .language), ("Algebra", .maths),
        ("Photosynthesis", .science), ("Python lists", .programming), ("French for travellers", .language),
        ("Greek history", .history), ("Spanish Civil War", .history), ("Knitting", .general),
        ("History of mathematics", .general), ("C++ templates", .programming),
    ])
    func theKindComesFromTheTopicsWords(topic: String, kind: TopicKind) {
        #expect(TopicKind(topic: topic) == kind)
    }

    @Test func aLanguageTopicIsNotAskedForKeyFiguresNorADatesTimeline() {
        let aspects = (1...16).map { BatchPlanner.plan(number: $0, topic: "Spanish verbs").aspect }
        #expect(!aspects.contains("key figures"))
        #expect(!aspects.contains("dates and timeline"))
        #expect(aspects.first == "core vocabulary and meanings")
    }

    @Test func everyKindHasEightDistinctAspectsAndTheGeneralOnesStay() {
        for kind in TopicKind.allCases {
            #expect(Set(kind.aspects).count == 8, "\(kind)")
        }
        #expect(BatchPlanner.plan(number: 2, topic: "Knitting") == BatchPlanner.plan(number: 2))
        // The depth climbs as with the general list.
        #expect(BatchPlanner.plan(number: 3, topic: "Algebra").depth == BatchPlanner.plan(number: 3).depth)
    }
}
