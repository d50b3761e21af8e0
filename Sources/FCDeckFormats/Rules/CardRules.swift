public import FCCore

/// The rules every hand-made or imported card follows, with the message a learner sees when one is broken.
///
/// A card needs a question or an image, and an answer. Allowed: question + answer (+ explanation), image + answer
/// (+ explanation), question + image + answer (+ explanation). Text is trimmed at both ends and otherwise stored
/// exactly (LaTeX and Unicode symbols included); an empty explanation is no explanation.
///
/// ```swift
/// let content = try CardRules.check(
///     CardContent(question: "2 + 2?", answer: "4", explanation: nil, hasImage: false), reversed: true)
/// ```
public enum CardRules {
    /// Longest sides, in characters: the limits the sanitizer applies to generated cards, from one table in FCCore.
    public static let limits = CardLimits.standard

    /// Kinds whose answer is not something one could be asked for: their twin would make no sense.
    static let unreversibleKinds: Set<CardKind> = [.truefalse, .fillblank]

    /// Checks `content` (and, with `reversed`, its twin) and returns it normalised.
    ///
    /// An image-only card of kind `question` becomes kind `image`.
    ///
    /// - Throws: ``DeckFormatError/cardRule(_:)`` naming the broken rule.
    public static func check(_ content: CardContent, reversed: Bool = false) throws(DeckFormatError) -> CardContent {
        var card = content
        card.question = trimmed(card.question)
        card.answer = trimmed(card.answer)
        card.explanation = card.explanation.map(trimmed).flatMap { $0.isEmpty ? nil : $0 }

        if card.question.isEmpty && !card.hasImage {
            if card.answer.isEmpty && card.explanation == nil {
                throw .cardRule("a card needs a question or an image (--question, --question-file or --image)")
            }
            throw .cardRule(
                "a card needs a question or an image: an answer and/or explanation alone is not a card "
                    + "(add --question or --image)")
        }
        if card.answer.isEmpty {
            throw .cardRule("a card needs an answer (--answer or --answer-file)")
        }
        if card.kind == .image && !card.hasImage {
            throw .cardRule("--kind image needs a picture: add --image FILE")
        }
        if card.question.isEmpty && card.kind == .question { card.kind = .image }
        if card.question.isEmpty && card.kind != .image {
            throw .cardRule("a card without a question shows only its image: use --kind image or add --question")
        }
        try checkLength(card.question, max: limits.questionMax, side: "question")
        try checkLength(card.answer, max: limits.answerMax, side: "answer")
        if let explanation = card.explanation {
            try checkLength(explanation, max: limits.explanationMax, side: "explanation")
        }

        if reversed {
            if card.question.isEmpty {
                throw .cardRule(
                    "--reverse needs a question: the twin card asks for it, and an image-only card has none")
            }
            if unreversibleKinds.contains(card.kind) {
                throw .cardRule(
                    "--reverse does not fit --kind \(card.kind.rawValue): its answer is not something to ask about")
            }
            if card.answer.count > limits.questionMax {
                throw .cardRule(
                    "--reverse: the answer becomes the twin's question, and it is \(card.answer.count) characters "
                        + "(a question has at most \(limits.questionMax))")
            }
        }
        return card
    }

    private static func checkLength(_ text: String, max: Int, side: String) throws(DeckFormatError) {
        let count = text.count
        guard count <= max else { throw .cardRule("the \(side) is too long (\(count) characters; at most \(max))") }
    }

    /// `text` without leading and trailing whitespace and newlines.
    static func trimmed(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
