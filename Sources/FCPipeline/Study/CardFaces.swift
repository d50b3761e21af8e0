public import FCCore

/// A card's two sides as study shows them: never the raw `{{c1::…}}` markup, an mcq card's options shuffled.
///
/// A `cloze` card's question hides the deletions of the number it asks (`[...]`, or `[hint]`) and shows the others'
/// text, and its answer is the full text (a cloze card with no number, one not stored, hides every deletion); an `mcq`
/// card offers its options in an order drawn from a seed (``seed(sessionID:cardID:)`` gives the same order each
/// time the same session shows the card). Other cards are shown as stored.
///
/// ```swift
/// let faces = CardFaces(card, seed: CardFaces.seed(sessionID: 4, cardID: 17))
/// // card: "{{c1::Romulus}} founded Rome in {{c2::753 BC::year}}.", its sibling asking c2
/// faces.question   // "Romulus founded Rome in [year]."
/// faces.answer     // "Romulus founded Rome in 753 BC."
/// faces.clozeNumber // 2
/// ```
public struct CardFaces: Sendable, Hashable, Encodable {
    /// The question side's text (an mcq card's options are in ``options``).
    public var question: String
    /// The answer side's text: the full text of a cloze card, the correct option of an mcq card.
    public var answer: String
    /// An mcq card's options in the order shown; `nil` for other kinds.
    public var options: [String]?
    /// The position of the correct option in ``options``.
    public var correctOption: Int?
    /// The deletion number a cloze card asks (the one its question hides); `nil` for other kinds.
    public var clozeNumber: Int?

    public init(_ card: Card, seed: UInt64) {
        question = card.question
        answer = card.answer
        if card.kind == .cloze, case .success(let cloze) = ClozeText.parse(card.question) {
            if let number = card.clozeNumber, cloze.numbers.contains(number) {
                question = cloze.question(hiding: number)
                clozeNumber = number
            } else {
                question = cloze.questionHidingAll
            }
            answer = cloze.revealed
        }
        if card.kind == .mcq, let choices = card.choices {
            let shown = choices.shuffled(using: RandomSource(seed: seed))
            options = shown.options
            correctOption = shown.correctIndex
            answer = choices.correct
        }
    }

    /// The shuffle seed for `cardID` shown in session `sessionID` (an in-memory session has id 0).
    public static func seed(sessionID: Int64, cardID: Int64) -> UInt64 {
        var mixer = SplitMix64(
            seed: UInt64(bitPattern: sessionID) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: cardID))
        return mixer.next()
    }

    /// The question side as lines of text: the question, then each option as "  A) …".
    public var questionLines: [String] {
        [question] + (options ?? []).enumerated().map { "  \(QuizQuestion.label($0.offset))) \($0.element)" }
    }

    /// The answer side as lines of text: "→ answer", then an mcq card's options with the correct one marked.
    public var answerLines: [String] {
        guard let options, let correctOption else { return ["→ \(answer)"] }
        return ["→ \(QuizQuestion.label(correctOption))) \(answer)"]
            + options.enumerated().map { index, option in
                "  \(QuizQuestion.label(index))) \(option)" + (index == correctOption ? "  ✓" : "")
            }
    }
}
