import FCCore
import FCSanitizer
import Testing

struct DedupTests {
    let reply = "[\(Cards.one),\(Cards.two),\(Cards.three)]"

    @Test func existingKeysAreDuplicatesInTopic() {
        let existing: Set<String> = [DedupKey.make("WHAT is 2 + 2"), DedupKey.make("what is h2o")]
        // Exact keys only: the near-duplicate rule would rightly take "What is 2+2?" for "WHAT is 2 + 2".
        let report = Sanitizer(options: SanitizerOptions(quality: .off)).sanitize(reply, existingKeys: existing)
        // "WHAT is 2 + 2" keys to "what is 2 + 2", which differs from "what is 2+2": only H2O matches.
        #expect(report.cards.map(\.question) == ["What is 2+2?", "What is the capital of France?"])
        #expect(report.dropped == [.duplicateInTopic: 1])
        #expect(report.outcome == .strict)
    }

    @Test func allDuplicatesOfTheTopicIsNotAFallback() {
        let existing = Set(Cards.questions.map(DedupKey.make))
        let sanitizer = Sanitizer(options: SanitizerOptions(fallbackTopic: "Anything"))
        let report = sanitizer.sanitize(reply, existingKeys: existing)
        #expect(report.outcome == .strict)
        #expect(report.cards.isEmpty)
        #expect(report.dropped == [.duplicateInTopic: 3])
    }

    @Test func topicDuplicateCountsBeforeBatchDuplicate() {
        let input = "[\(Cards.one),\(Cards.one),\(Cards.two)]"
        let report = Sanitizer().sanitize(input, existingKeys: [DedupKey.make("What is 2+2?")])
        #expect(report.cards.count == 1)
        #expect(report.dropped == [.duplicateInTopic: 2])
    }

    @Test func keptCardsHaveUniqueKeys() {
        let input = "[\(Cards.one),\(Cards.two),\(Cards.one),\(Cards.three),\(Cards.two)]"
        let report = Sanitizer().sanitize(input)
        #expect(Set(report.cards.map(\.dedupKey)).count == report.cards.count)
        #expect(report.cards.count == 3)
        #expect(report.dropped == [.duplicateInBatch: 2])
    }

    @Test func originFromOptionsIsStamped() {
        let report = Sanitizer(options: SanitizerOptions(origin: .fixture)).sanitize(reply)
        #expect(report.cards.count == 3)
        #expect(report.cards.allSatisfy { $0.origin == .fixture })
    }

    @Test func customLimitsApply() {
        let limits = CardLimits(questionMax: 10, answerMax: 5, explanationMax: 3)
        let input =
            #"[{"question":"Short?","answer":"Yes.","explanation":"ok"},{"question":"Way too long a question?","answer":"x"},{"question":"Q?","answer":"x","explanation":"long"}]"#
        let report = Sanitizer(options: SanitizerOptions(limits: limits)).sanitize(input)
        #expect(report.cards.map(\.question) == ["Short?"])
        #expect(report.dropped == [.tooLong: 2])
    }
}
