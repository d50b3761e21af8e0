public import FCCore

/// The rules every hand-made or imported card follows, with the message a learner sees when one is broken.
///
/// A card needs a question or an image, and an answer. Allowed: question + answer (+ explanation), image + answer
/// (+ explanation), question + image + answer (+ explanation). Text is trimmed at both ends and otherwise stored
/// exactly (LaTeX and Unicode symbols included); an empty explanation is no explanation.
///
/// A `cloze` card's question is Anki cloze text (``FCCore/ClozeText``) and its answer that text with every deletion
/// shown: an empty answer is filled in, another one refused. An `mcq` card carries its options
/// (``CardContent/choices``) and its answer is the correct option: an empty answer is filled in, another one (other
/// than in case, spacing or punctuation) refused. Only `mcq` cards carry options; neither kind can be reversed.
///
/// ```swift
/// let content = try CardRules.check(
///     CardContent(question: "2 + 2?", answer: "4", explanation: nil, hasImage: false), reversed: true)
/// ```
public enum CardRules {
    /// Longest sides, in characters: the limits the sanitizer applies to generated cards, from one table in FCCore.
    public static let limits = CardLimits.standard

    /// Kinds whose answer is not something one could be asked for: their twin would make no sense.
    static let unreversibleKinds: Set<CardKind> = [.truefalse, .fillblank, .cloze, .mcq]

    /// Checks `content` (and, with `reversed`, its twin) and returns it normalised.
    ///
    /// An image-only card of kind `question` becomes kind `image`.
    ///
    /// - Throws: ``DeckFormatError/cardRule(_:)`` naming the broken rule and the `fcgen card` flags that fix it.
    public static func check(_ content: CardContent, reversed: Bool = false) throws(DeckFormatError) -> CardContent {
        do {
            return try validate(content, reversed: reversed)
        } catch {
            throw .cardRule(error.commandLineMessage)
        }
    }

    /// ``check(_:reversed:)`` with the broken rule as a value, for callers that phrase it themselves (an import
    /// names the file's line, column and field).
    public static func validate(_ content: CardContent, reversed: Bool = false) throws(CardRuleViolation)
        -> CardContent
    {
        var card = content
        card.question = trimmed(card.question)
        card.answer = trimmed(card.answer)
        card.explanation = card.explanation.map(trimmed).flatMap { $0.isEmpty ? nil : $0 }

        try fillStructuredAnswer(&card)
        if card.question.isEmpty && !card.hasImage {
            throw card.answer.isEmpty && card.explanation == nil ? .empty : .answerAlone
        }
        if card.answer.isEmpty { throw .noAnswer }
        if card.kind == .image && !card.hasImage { throw .imageKindWithoutImage }
        if card.question.isEmpty && card.kind == .question { card.kind = .image }
        if card.question.isEmpty && card.kind != .image { throw .pictureOnlyWithKind(card.kind) }
        try checkLength(card.question, max: limits.questionMax, side: .question)
        try checkLength(card.answer, max: limits.answerMax, side: .answer)
        if let explanation = card.explanation {
            try checkLength(explanation, max: limits.explanationMax, side: .explanation)
        }

        if reversed {
            if card.question.isEmpty { throw .reverseWithoutQuestion }
            if unreversibleKinds.contains(card.kind) { throw .reverseOfKind(card.kind) }
            if card.answer.utf8.count > limits.questionMax && card.answer.count > limits.questionMax {
                throw .reverseAnswerTooLong(characters: card.answer.count, limit: limits.questionMax)
            }
        }
        return card
    }

    /// Checks a cloze card's text and an mcq card's options, and fills in the answer they determine.
    private static func fillStructuredAnswer(_ card: inout CardContent) throws(CardRuleViolation) {
        if card.choices != nil && card.kind != .mcq { throw .choicesWithoutMCQ }
        switch card.kind {
        case .cloze where !card.question.isEmpty:
            let cloze: ClozeText
            switch ClozeText.parse(card.question) {
            case .success(let parsed): cloze = parsed
            case .failure(let problem): throw .clozeInvalid(problem)
            }
            if card.answer.isEmpty {
                card.answer = cloze.revealed
            } else if card.answer != cloze.revealed {
                throw .clozeAnswer
            }
        case .mcq:
            guard let choices = card.choices else { throw .mcqWithoutChoices }
            guard card.answer.isEmpty || DedupKey.make(card.answer) == DedupKey.make(choices.correct) else {
                throw .mcqAnswer
            }
            card.answer = choices.correct
        default:
            break
        }
    }

    /// The limit for one side, in characters.
    public static func limit(of side: CardSide) -> Int {
        switch side {
        case .question: limits.questionMax
        case .answer: limits.answerMax
        case .explanation: limits.explanationMax
        }
    }

    private static func checkLength(_ text: String, max: Int, side: CardSide) throws(CardRuleViolation) {
        // A character is at least one byte: short text needs no (costly) grapheme count.
        guard text.utf8.count > max else { return }
        let count = text.count
        guard count <= max else { throw .tooLong(side, characters: count, limit: max) }
    }

    /// `text` without leading and trailing whitespace and newlines.
    static func trimmed(_ text: String) -> String {
        // Most text has nothing to trim: keep it as it is rather than copying it (an import checks every row).
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return text }
        if !first.properties.isWhitespace && !last.properties.isWhitespace { return text }
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
