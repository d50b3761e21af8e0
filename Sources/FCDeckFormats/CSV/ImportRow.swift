public import FCCore

/// One card row read from an import file, checked against its format and the card rules (``CardRules``).
public struct ImportRow: Sendable, Hashable {
    public var kind: CardKind
    /// Empty for a picture-only card.
    public var question: String
    public var answer: String
    /// `nil` when the column is missing or empty.
    public var explanation: String?
    /// A reversed row becomes two cards: this one and its twin with question and answer swapped.
    public var isReversed: Bool
    /// The card's picture: a file name the row refers to (Anki's `<img src="…">`), found beside the import file.
    public var imageFile: String?
    /// Where the row starts, for messages about it.
    public var position: TextPosition
    /// Where the field naming ``imageFile`` starts.
    public var imagePosition: TextPosition?
    /// A multiple-choice row's options; `nil` for other kinds.
    public var choices: CardChoices?

    public init(
        kind: CardKind = .question, question: String, answer: String, explanation: String?, isReversed: Bool,
        imageFile: String? = nil, position: TextPosition, imagePosition: TextPosition? = nil,
        choices: CardChoices? = nil
    ) {
        self.choices = choices
        self.kind = kind
        self.question = question
        self.answer = answer
        self.explanation = explanation
        self.isReversed = isReversed
        self.imageFile = imageFile
        self.position = position
        self.imagePosition = imagePosition
    }
}

/// What reading an import file yields, in file order: good rows and problems.
public enum ImportItem: Sendable, Hashable {
    case row(ImportRow)
    case problem(ImportProblem)
}
