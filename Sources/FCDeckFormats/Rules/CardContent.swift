public import FCCore

/// What a learner wrote for one card, before the rules check it: text sides and whether a picture comes with it.
public struct CardContent: Sendable, Hashable {
    public var kind: CardKind
    /// Empty when the card shows only its image.
    public var question: String
    public var answer: String
    public var explanation: String?
    /// Whether the card carries an image (the bytes travel separately, as a ``CheckedImage``).
    public var hasImage: Bool
    /// A multiple-choice card's options; `nil` for every other kind.
    public var choices: CardChoices?

    public init(
        kind: CardKind = .question, question: String, answer: String, explanation: String?, hasImage: Bool,
        choices: CardChoices? = nil
    ) {
        self.kind = kind
        self.question = question
        self.answer = answer
        self.explanation = explanation
        self.hasImage = hasImage
        self.choices = choices
    }

    /// The reversed twin: question and answer swapped, same explanation and kind, no image.
    public var twin: CardContent {
        CardContent(kind: kind, question: answer, answer: question, explanation: explanation, hasImage: false)
    }
}
