package import FCCore
package import FCPipeline
package import FCStore
package import Foundation

/// A card in every JSON document fcgen writes: the command line's `--json` documents (`$defs/card` in
/// docs/json-schemas) and the HTTP API's bodies (`Card` in docs/openapi.json). One type, so one shape and one
/// spelling (`topicId`, `batchId`, `twinId`) whoever reads the card.
///
/// What every stored card has is always written. What only some reads produce is optional, and an absent member is
/// left out (synthesized `Encodable` writes optionals with `encodeIfPresent`), never written as `null`:
/// - `updatedAt`, `image`, `reverseOf`, `twinId`: when the card's details were read (the `CardDetails` initializer):
///   the API's card, bookmark and card-image routes, `fcgen cards` and `fcgen card …`; not generation events,
///   which read cards alone. The API's feed cards and a session's `next` card have `image` (without its credit),
///   for the app's study faces and offline study.
/// - `image.url`: the API's, where the server serves the picture (`/v1/images/{hash}`).
/// - `progress`: the API's calling learner's state of the card, once they studied it.
/// - `source`: `GET /v1/cards/{id}` and `fcgen card show`, for a card generated from a document; its `path` (the
///   name as given to `generate --from`) only on the command line, which runs where the file was read.
/// - `shown`: the API feed's cloze and mcq cards as study shows them (a session shows its card's faces beside it).
package struct CardJSON: Encodable, Sendable {
    /// A card's picture.
    package struct Image: Encodable, Sendable {
        /// SHA-256 of the picture's bytes, lowercase hex.
        package var hash: String
        package var mimeType: String
        /// The picture's size in bytes.
        package var bytes: Int
        /// `/v1/images/{hash}`: where the API serves the picture; absent on the command line.
        package var url: String?
        /// Who to credit, for a picture an image resolver found; absent for uploaded and imported pictures.
        package var credit: Credit?
    }

    /// A found picture's credit, as the image provider asks it to be shown.
    package struct Credit: Encodable, Sendable {
        package var provider: String
        package var authorName: String
        package var authorUrl: String?
        package var photoUrl: String?

        package init(_ credit: ImageCredit) {
            provider = credit.provider
            authorName = credit.authorName
            authorUrl = credit.authorURL
            photoUrl = credit.photoURL
        }
    }

    /// One learner's state of the card.
    package struct Progress: Encodable, Sendable {
        package var due: Date
        package var reps: Int
        package var lapses: Int
        package var level: Int
        package var lastReviewedAt: Date?

        package init(_ progress: CardProgress) {
            due = progress.due
            reps = progress.reps
            lapses = progress.lapses
            level = progress.level
            lastReviewedAt = progress.lastReview
        }
    }

    /// The document a card was generated from: the file, the section and the Unicode-scalar span of the text read.
    package struct Source: Encodable, Sendable {
        package var sourceId: Int64
        /// The file's name alone (`cells.md`).
        package var fileName: String
        /// The name as given to `generate --from` (`notes/cells.md`): where the command line read it, so only the
        /// command line shows it; the API leaves it out (a path on the operator's machine is nothing a learner
        /// needs).
        package var path: String?
        package var format: String
        package var sha256: String
        package var section: Int
        package var sectionTitle: String
        package var start: Int
        package var end: Int
        package var page: Int?

        /// - Parameter withPath: Whether to write ``path`` (the command line) or leave it out (the API).
        package init(_ source: CardSource, withPath: Bool) {
            sourceId = source.sourceID
            fileName = (source.fileName as NSString).lastPathComponent
            path = withPath ? source.fileName : nil
            format = source.format
            sha256 = source.sha256
            section = source.section
            sectionTitle = source.sectionTitle
            start = source.start
            end = source.end
            page = source.page
        }
    }

    package var id: Int64
    package var topicId: Int64
    package var batchId: Int64?
    package var kind: String
    /// Empty for a picture-only card (kind `image`).
    package var question: String
    package var answer: String
    package var explanation: String?
    package var origin: String
    package var position: Int
    package var createdAt: Date
    package var updatedAt: Date?
    package var image: Image?
    /// The card this one is the reversed twin of.
    package var reverseOf: Int64?
    /// This card's reversed twin, whichever side it is.
    package var twinId: Int64?
    package var progress: Progress?
    /// A multiple-choice card's options, in stored order, and which one is correct; absent for other kinds.
    package var choices: CardChoices?
    /// The image search query the model wrote for a generated card; absent when it wrote none.
    package var imageQuery: String?
    /// The deletion number a stored cloze card asks (each number of a cloze text is a card of its own, with its own
    /// schedule); absent for other kinds.
    package var clozeNumber: Int?
    /// For a cloze card asking its text's second or later number: the card asking the first, which holds the text
    /// (editing, moving or deleting either acts on the whole note); absent otherwise.
    package var clozeOf: Int64?
    package var source: Source?
    /// The card as study shows it (cloze deletions hidden, mcq options shuffled): the API feed's cloze and mcq
    /// cards.
    package var shown: CardFaces?

    /// The card alone: what every card has.
    package init(_ card: Card) {
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
        choices = card.choices
        imageQuery = card.imageQuery
        clozeNumber = card.clozeNumber
        clozeOf = card.clozeOf
    }

    /// The card with its details: picture, twin link and last edit.
    package init(_ details: CardDetails) {
        self.init(details.card)
        updatedAt = details.updatedAt
        image = details.image.map {
            Image(hash: $0.hash, mimeType: $0.mimeType, bytes: $0.byteCount, credit: $0.credit.map(Credit.init))
        }
        reverseOf = details.reverseOf
        twinId = details.twinID
    }
}

extension CardJSON.Image {
    /// A stored picture as the API serves it (`url`, `/v1/images/{hash}`), without its credit: the feed's.
    package init(_ image: CardImageInfo, url: String) {
        self.init(hash: image.hash, mimeType: image.mimeType, bytes: image.byteCount, url: url, credit: nil)
    }
}
