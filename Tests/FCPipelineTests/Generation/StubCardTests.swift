import FCCore
import FCSanitizer
import FCTestSupport
import Testing

/// The loopback stub's cards are distinct facts, not only distinct numbers: `fcgen-bench pipeline-wait` asks for
/// 3,000 cards in one topic and must store every one, so neither the near-duplicate nor the same-fact rule may see
/// two of them as one, with or without the "Request N, card I: " that opens each question.
struct StubCardTests {
    @Test func threeThousandRepliesHoldDistinctQuestionsAnswersAndNames() {
        let cards = (1...3_000).flatMap { StubCard.cards(reply: $0, numbered: false) }
        #expect(cards.count == 45_000)
        #expect(Set(cards.map { DedupKey.make($0.question) }).count == cards.count)
        #expect(Set(cards.map { DedupKey.make($0.answer) }).count == cards.count)
        // The same-fact rule reads two words as one when they share a beginning with at most three letters left of
        // each: the ten-letter names must differ within their first seven letters.
        for position in 0..<2 {
            #expect(Set(cards.map { $0.names[position].prefix(7) }).count == cards.count)
        }
        #expect(45_000 <= StubCard.distinctCards)
    }

    /// 200 replies, what the bench stores, through the sanitizer as a generation run sends them: each against the
    /// topic's index of the replies before it. Every card is kept and none is flagged.
    @Test(arguments: [true, false])
    func threeThousandCardsOfOneTopicPassTheQualityRulesUnflagged(numbered: Bool) {
        let sanitizer = Sanitizer()
        let index = TopicQuestionIndex(keys: [])
        var keys = Set<String>()
        var kept = 0
        var flagged: [String] = []
        for number in 1...200 {
            let report = sanitizer.sanitize(
                StubCard.replyContent(number, numbered: numbered), existingKeys: keys, questions: index.snapshot())
            #expect(report.outcome == .strict, "reply \(number)")
            #expect(report.qualityDropped.isEmpty, "reply \(number): \(report.qualityDropped)")
            kept += report.cards.count
            flagged += report.cards.filter { !$0.flags.isEmpty }.map { "\($0.question): \($0.flags)" }
            let stored = report.cards.map {
                TopicQuestionIndex.Card(key: DedupKey.make($0.question), question: $0.question, answer: $0.answer)
            }
            keys.formUnion(stored.map(\.key))
            index.insert(cards: stored)
        }
        #expect(kept == 3_000)
        #expect(flagged.isEmpty, "\(flagged.prefix(5))")
    }
}
