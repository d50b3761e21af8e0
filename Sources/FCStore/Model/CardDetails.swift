public import FCCore

public import struct Foundation.Date

/// Image bytes to store with a card, already checked (format, size) and hashed by the caller.
public struct NewImage: Sendable, Hashable {
    /// SHA-256 of ``bytes``, lowercase hex: the image's key, so equal pictures are stored once.
    public var hash: String
    public var mimeType: String
    public var bytes: [UInt8]

    public init(hash: String, mimeType: String, bytes: [UInt8]) {
        self.hash = hash
        self.mimeType = mimeType
        self.bytes = bytes
    }
}

/// What `card show` says about a card's picture.
public struct CardImageInfo: Sendable, Codable, Hashable {
    public var hash: String
    public var mimeType: String
    public var byteCount: Int

    public init(hash: String, mimeType: String, byteCount: Int) {
        self.hash = hash
        self.mimeType = mimeType
        self.byteCount = byteCount
    }
}

/// A stored card with everything the card commands and exports show: picture, twin link and last edit.
public struct CardDetails: Sendable, Codable, Hashable {
    public var card: Card
    public var image: CardImageInfo?
    /// Set on a reversed twin: the card it was made from.
    public var reverseOf: Int64?
    /// The card's reversed twin, whichever side this card is.
    public var twinID: Int64?
    public var updatedAt: Date

    public init(card: Card, image: CardImageInfo?, reverseOf: Int64?, twinID: Int64?, updatedAt: Date) {
        self.card = card
        self.image = image
        self.reverseOf = reverseOf
        self.twinID = twinID
        self.updatedAt = updatedAt
    }
}

/// A card written by hand (or imported one at a time), checked by the card rules before it gets here.
public struct NewCard: Sendable, Hashable {
    public var topicID: Int64
    public var kind: CardKind
    /// Empty for an image-only card.
    public var question: String
    public var answer: String
    public var explanation: String?
    public var origin: CardOrigin
    public var image: NewImage?
    /// Also store the reversed twin (question and answer swapped), linked to this card.
    public var withTwin: Bool

    public init(
        topicID: Int64, kind: CardKind, question: String, answer: String, explanation: String?,
        origin: CardOrigin = .manual, image: NewImage? = nil, withTwin: Bool = false
    ) {
        self.topicID = topicID
        self.kind = kind
        self.question = question
        self.answer = answer
        self.explanation = explanation
        self.origin = origin
        self.image = image
        self.withTwin = withTwin
    }

    /// The dedup key: the question's ``DedupKey``, plus the image hash when there is a picture, so "What is
    /// this?" over two different pictures are two cards.
    var dedupKey: String { Self.dedupKey(question: question, imageHash: image?.hash) }

    static func dedupKey(question: String, imageHash: String?) -> String {
        let key = DedupKey.make(question)
        guard let imageHash else { return key }
        return key + "\u{1F}image:" + imageHash
    }
}

/// A card's new content for ``Store/updateCard(id:to:alsoTwin:)``: the whole card as it should be afterwards.
public struct CardUpdate: Sendable, Hashable {
    /// What happens to the card's picture.
    public enum ImageChange: Sendable, Hashable {
        case keep
        case replace(NewImage)
        case remove
    }

    public var kind: CardKind
    public var question: String
    public var answer: String
    public var explanation: String?
    public var image: ImageChange

    public init(kind: CardKind, question: String, answer: String, explanation: String?, image: ImageChange = .keep) {
        self.kind = kind
        self.question = question
        self.answer = answer
        self.explanation = explanation
        self.image = image
    }
}

/// What an edit changed.
public struct CardEdit: Sendable, Hashable {
    public var card: CardDetails
    /// The twin after the edit (changed only when ``twinUpdated``).
    public var twin: CardDetails?
    public var twinUpdated: Bool
}
