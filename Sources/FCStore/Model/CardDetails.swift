package import FCCore

package import struct Foundation.Date

/// Image bytes to store with a card, already checked (format, size) and hashed by the caller.
package struct NewImage: Sendable, Hashable {
    /// SHA-256 of ``bytes``, lowercase hex: the image's key, so equal pictures are stored once.
    package var hash: String
    package var mimeType: String
    package var bytes: [UInt8]

    package init(hash: String, mimeType: String, bytes: [UInt8]) {
        self.hash = hash
        self.mimeType = mimeType
        self.bytes = bytes
    }
}

/// Who made a picture an image resolver found, as the provider asks it to be credited (`image_credits`).
package struct ImageCredit: Sendable, Codable, Hashable {
    /// The resolver that found it (`unsplash`).
    package var provider: String
    /// The photographer.
    package var authorName: String
    /// The photographer's profile page.
    package var authorURL: String?
    /// The photo's page at the provider.
    package var photoURL: String?

    package init(provider: String, authorName: String, authorURL: String?, photoURL: String?) {
        self.provider = provider
        self.authorName = authorName
        self.authorURL = authorURL
        self.photoURL = photoURL
    }
}

/// A picture found for a generated card, checked and hashed like an upload, with its credit.
package struct CardPicture: Sendable, Hashable {
    package var image: NewImage
    package var credit: ImageCredit?

    package init(image: NewImage, credit: ImageCredit?) {
        self.image = image
        self.credit = credit
    }
}

/// What `card show` says about a card's picture.
package struct CardImageInfo: Sendable, Codable, Hashable {
    package var hash: String
    package var mimeType: String
    package var byteCount: Int
    /// Who made it, for a picture an image resolver found; read by ``Database/cardDetails(id:)`` only.
    package var credit: ImageCredit?

    package init(hash: String, mimeType: String, byteCount: Int, credit: ImageCredit? = nil) {
        self.hash = hash
        self.mimeType = mimeType
        self.byteCount = byteCount
        self.credit = credit
    }
}

/// A stored card with everything the card commands and exports show: picture, twin link and last edit.
package struct CardDetails: Sendable, Codable, Hashable {
    package var card: Card
    package var image: CardImageInfo?
    /// Set on a reversed twin: the card it was made from.
    package var reverseOf: Int64?
    /// The card's reversed twin, whichever side this card is.
    package var twinID: Int64?
    package var updatedAt: Date

    package init(card: Card, image: CardImageInfo?, reverseOf: Int64?, twinID: Int64?, updatedAt: Date) {
        self.card = card
        self.image = image
        self.reverseOf = reverseOf
        self.twinID = twinID
        self.updatedAt = updatedAt
    }
}

/// A card written by hand (or imported one at a time), checked by the card rules before it gets here.
package struct NewCard: Sendable, Hashable {
    package var topicID: Int64
    package var kind: CardKind
    /// Empty for an image-only card.
    package var question: String
    package var answer: String
    package var explanation: String?
    package var origin: CardOrigin
    package var image: NewImage?
    /// Also store the reversed twin (question and answer swapped), linked to this card.
    package var withTwin: Bool
    /// A multiple-choice card's options (stored in `cards.choices_json`); `nil` for other kinds and for the twin.
    package var choices: CardChoices?

    package init(
        topicID: Int64, kind: CardKind, question: String, answer: String, explanation: String?,
        origin: CardOrigin = .manual, image: NewImage? = nil, withTwin: Bool = false, choices: CardChoices? = nil
    ) {
        self.choices = choices
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

    package static func dedupKey(question: String, imageHash: String?) -> String {
        let key = DedupKey.make(question)
        guard let imageHash else { return key }
        return key + "\u{1F}image:" + imageHash
    }
}

/// A card's new content for ``Store/updateCard(id:to:alsoTwin:)``: the whole card as it should be afterwards.
package struct CardUpdate: Sendable, Hashable {
    /// What happens to the card's picture.
    package enum ImageChange: Sendable, Hashable {
        case keep
        case replace(NewImage)
        case remove
    }

    package var kind: CardKind
    package var question: String
    package var answer: String
    package var explanation: String?
    package var image: ImageChange
    /// The options of an `mcq` card; `nil` for every other kind (an edit that changes the kind drops them). A
    /// reversed twin never has options.
    package var choices: CardChoices?

    package init(
        kind: CardKind, question: String, answer: String, explanation: String?, image: ImageChange = .keep,
        choices: CardChoices? = nil
    ) {
        self.choices = choices
        self.kind = kind
        self.question = question
        self.answer = answer
        self.explanation = explanation
        self.image = image
    }
}

/// What an edit changed.
package struct CardEdit: Sendable, Hashable {
    package var card: CardDetails
    /// The twin after the edit (changed only when ``twinUpdated``).
    package var twin: CardDetails?
    package var twinUpdated: Bool

    package init(card: CardDetails, twin: CardDetails?, twinUpdated: Bool) {
        self.card = card
        self.twin = twin
        self.twinUpdated = twinUpdated
    }
}
