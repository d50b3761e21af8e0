import FCCore
import FCStore
import Foundation

/// A card as the card routes show it: every field of the card, its picture (with the URL to fetch it), its twin
/// link, and the reading learner's progress when they have studied it.
struct CardDetailJSON: Encodable {
    struct Image: Encodable {
        var hash: String
        var mimeType: String
        var bytes: Int
        /// `/v1/images/{hash}`: where the picture is served.
        var url: String
        /// Who to credit, for a picture an image resolver found; absent for uploaded and imported pictures.
        var credit: Credit?
    }

    /// A found picture's credit, as the image provider asks it to be shown.
    struct Credit: Encodable {
        var provider: String
        var authorName: String
        var authorUrl: String?
        var photoUrl: String?
    }

    struct Progress: Encodable {
        var due: Date
        var reps: Int
        var lapses: Int
        var level: Int
        var lastReviewedAt: Date?
    }

    var id: Int64
    var topicId: Int64
    var batchId: Int64?
    var kind: String
    var question: String
    var answer: String
    var explanation: String?
    var origin: String
    var position: Int
    var createdAt: Date
    var updatedAt: Date
    var image: Image?
    /// The card this one is the reversed twin of.
    var reverseOf: Int64?
    /// This card's reversed twin, whichever side it is.
    var twinId: Int64?
    var progress: Progress?
    /// A multiple-choice card's options and which is correct.
    var choices: CardChoices?
    /// The image search query the model wrote for a generated card.
    var imageQuery: String?
    /// Where a card generated from a document came from (`GET /v1/cards/{id}` only).
    var source: Source?

    /// The file, the section and the character span a card was generated from, as `fcgen card show` gives them.
    struct Source: Encodable {
        var fileName: String
        var format: String
        var sha256: String
        var section: Int
        var sectionTitle: String
        var start: Int
        var end: Int
        var page: Int?

        init(_ source: CardSource) {
            // The name alone: the path is where the operator's CLI read the file, nothing a learner needs.
            fileName = (source.fileName as NSString).lastPathComponent
            format = source.format
            sha256 = source.sha256
            section = source.section
            sectionTitle = source.sectionTitle
            start = source.start
            end = source.end
            page = source.page
        }
    }

    init(_ details: CardDetails, progress: CardProgress? = nil, source: CardSource? = nil) {
        let card = details.card
        id = card.id
        topicId = card.topicID
        batchId = card.batchID
        kind = card.kind.rawValue
        question = card.question
        answer = card.answer
        explanation = card.explanation
        origin = card.origin.rawValue
        position = card.position
        createdAt = card.createdAt
        updatedAt = details.updatedAt
        image = details.image.map {
            Image(
                hash: $0.hash, mimeType: $0.mimeType, bytes: $0.byteCount, url: "/v1/images/\($0.hash)",
                credit: $0.credit.map {
                    Credit(
                        provider: $0.provider, authorName: $0.authorName, authorUrl: $0.authorURL,
                        photoUrl: $0.photoURL)
                })
        }
        reverseOf = details.reverseOf
        twinId = details.twinID
        choices = card.choices
        imageQuery = card.imageQuery
        self.source = source.map(Source.init)
        self.progress = progress.map {
            Progress(due: $0.due, reps: $0.reps, lapses: $0.lapses, level: $0.level, lastReviewedAt: $0.lastReview)
        }
    }
}

/// `{"card": …}`.
struct OneCard: Encodable {
    var card: CardDetailJSON
}

/// `{"cards": […]}`: a card and its twin, after a create or a move.
struct CardList: Encodable {
    var cards: [CardDetailJSON]
}

/// A page of a topic's deck; `next` is the cursor of the following page, absent on the last one.
struct CardPageJSON: Encodable {
    var topicId: Int64
    var cards: [CardDetailJSON]
    var next: String?
}

/// What an edit changed: the card, its twin when it has one, and whether the twin was changed too.
struct CardEditJSON: Encodable {
    var card: CardDetailJSON
    var twin: CardDetailJSON?
    var twinUpdated: Bool
}

/// The ids a delete removed.
struct CardsDeleted: Encodable {
    var deleted: [Int64]
}
