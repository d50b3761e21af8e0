import FCCore
import FCStore
import Foundation

/// Shared test data: a fixed clock and small batches.
enum Fixtures {
    /// A fixed instant with a millisecond part, so round trips through INTEGER milliseconds are checked exactly.
    static let date = Date(timeIntervalSince1970: 1_700_000_000.123)
    static let now = Now.constant(date)

    /// `count` distinct question drafts, "<prefix> question 1", "<prefix> question 2", …
    static func drafts(_ count: Int, prefix: String = "Card", origin: CardOrigin = .generated) -> [CardDraft] {
        (1...max(count, 1)).prefix(count).map { index in
            CardDraft(
                kind: .question, question: "\(prefix) question \(index)?", answer: "\(prefix) answer \(index)",
                explanation: index.isMultiple(of: 2) ? nil : "Because \(index).", origin: origin)
        }
    }

    static func batch(
        topicID: Int64,
        number: Int,
        cards: [CardDraft],
        dropped: [DropReason: Int] = [:],
        usage: TokenUsage = TokenUsage(input: 120, output: 480)
    ) -> NewBatch {
        NewBatch(
            topicID: topicID,
            plan: BatchPlan(number: number, aspect: "aspect \(number)", depth: .intermediate),
            provider: "fixture", model: "fixture-model", promptHash: "hash-\(number)", outcome: .repaired,
            dropped: dropped, usage: usage, latencyMilliseconds: 812, cards: cards)
    }
}
