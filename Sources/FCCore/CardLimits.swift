/// The longest card sides, in characters: one table for generated, hand-made and imported cards.
///
/// The sanitizer drops a generated card over these limits (`too_long`); the deck rules refuse a hand-made or
/// imported one. Both read ``standard`` unless a caller passes its own, so the two can't drift apart.
///
/// ```swift
/// CardLimits.standard.questionMax  // 500
/// ```
public struct CardLimits: Sendable, Hashable {
    /// Longest question.
    public var questionMax: Int
    /// Longest answer.
    public var answerMax: Int
    /// Longest explanation.
    public var explanationMax: Int

    public init(questionMax: Int, answerMax: Int, explanationMax: Int) {
        self.questionMax = questionMax
        self.answerMax = answerMax
        self.explanationMax = explanationMax
    }

    /// The product's limits: 500, 1000 and 2000 characters (docs/guide.md, docs/cards.md).
    public static let standard = CardLimits(questionMax: 500, answerMax: 1000, explanationMax: 2000)
}
