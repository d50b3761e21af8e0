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

/// A picture as exported: `<hash>.<ext>` beside the exported file, with its credit when an image resolver found it.
public struct ExportImage: Sendable, Hashable {
    public var hash: String
    public var format: ImageFormat
    /// Who made the picture, as its provider asks to be credited; `nil` for an uploaded or imported picture.
    public var credit: ExportCredit?

    public init(hash: String, format: ImageFormat, credit: ExportCredit? = nil) {
        self.hash = hash
        self.format = format
        self.credit = credit
    }

    /// The media file's name, e.g. `9f86d08….png`.
    public var fileName: String { "\(hash).\(format.fileExtension)" }
}

/// A picture's credit as exported: its author and where it came from (`image_credits`).
public struct ExportCredit: Sendable, Hashable {
    /// The resolver that found it (`unsplash`).
    public var provider: String
    public var authorName: String
    public var authorURL: String?
    public var photoURL: String?

    public init(provider: String, authorName: String, authorURL: String? = nil, photoURL: String? = nil) {
        self.provider = provider
        self.authorName = authorName
        self.authorURL = authorURL
        self.photoURL = photoURL
    }

    /// The provider as people write it: `Unsplash`.
    public var providerName: String { provider.prefix(1).uppercased() + provider.dropFirst() }

    /// `Photo by Ada Lovelace on Unsplash (https://unsplash.com/photos/…)`: the credit as plain text.
    public var text: String {
        "Photo by \(authorName) on \(providerName)" + (photoURL.map { " (\($0))" } ?? "")
    }

    /// The credit as Anki HTML, with the author's and the photo's pages linked when known (Unsplash's attribution
    /// guideline: "Photo by <author> on Unsplash", both linked).
    public var html: String {
        func link(_ text: String, _ url: String?) -> String {
            let shown = AnkiHTML.field(fromText: text)
            guard let url else { return shown }
            return "<a href=\"\(AnkiHTML.field(fromText: url))\">\(shown)</a>"
        }
        return "Photo by \(link(authorName, authorURL)) on \(link(providerName, photoURL))"
    }
}
