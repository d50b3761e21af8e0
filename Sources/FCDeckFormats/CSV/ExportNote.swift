public import FCCore

/// One note to export: a card, with its reversed twin folded in (``isReversed``) rather than written twice.
public struct ExportNote: Sendable, Hashable {
    public var kind: CardKind
    /// Empty for a picture-only card.
    public var question: String
    public var answer: String
    public var explanation: String?
    public var isReversed: Bool
    /// The card's picture, named by its content hash.
    public var image: ExportImage?
    /// A multiple-choice card's options; `nil` for other kinds.
    public var choices: CardChoices?

    public init(
        kind: CardKind = .question, question: String, answer: String, explanation: String?, isReversed: Bool,
        image: ExportImage? = nil, choices: CardChoices? = nil
    ) {
        self.choices = choices
        self.kind = kind
        self.question = question
        self.answer = answer
        self.explanation = explanation
        self.isReversed = isReversed
        self.image = image
    }
}

/// A picture as exported: `<hash>.<ext>` beside the exported file.
public struct ExportImage: Sendable, Hashable {
    public var hash: String
    public var format: ImageFormat

    public init(hash: String, format: ImageFormat) {
        self.hash = hash
        self.format = format
    }

    /// The media file's name, e.g. `9f86d08….png`.
    public var fileName: String { "\(hash).\(format.fileExtension)" }
}
