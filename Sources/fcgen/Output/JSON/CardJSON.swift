import FCCore
import FCStore
import Foundation

/// A card in every JSON document: the same flat shape whether it comes from a listing, a study session or
/// `card show` (docs/json-schemas: `$defs/card`). The picture, twin and update time are there when the command
/// read the card's details.
struct CardJSON: Encodable {
    struct Image: Encodable {
        var hash: String
        var mimeType: String
        var byteCount: Int
        /// Who to credit, for a picture an image resolver found (`generate --images`); absent otherwise.
        var credit: ImageCredit?
    }

    var id: Int64
    var topicID: Int64
    var batchID: Int64?
    var kind: String
    var question: String
    var answer: String
    var explanation: String?
    var origin: String
    var position: Int
    var createdAt: Date
    var updatedAt: Date?
    var image: Image?
    /// The card this one is the reversed twin of.
    var reverseOf: Int64?
    /// This card's reversed twin.
    var twinID: Int64?
    /// A multiple-choice card's options, in stored order, and which one is correct; absent for other kinds.
    var choices: CardChoices?
    /// The image search query the model wrote for a generated card; absent when it wrote none.
    var imageQuery: String?
    /// Where a card made from a source (`generate --from`) came from; only `card show` reads it.
    var source: CardSource?

    init(_ card: Card) {
        id = card.id
        topicID = card.topicID
        batchID = card.batchID
        kind = card.kind.rawValue
        question = card.question
        answer = card.answer
        explanation = card.explanation
        origin = card.origin.rawValue
        position = card.position
        createdAt = card.createdAt
        choices = card.choices
        imageQuery = card.imageQuery
    }

    init(_ details: CardDetails) {
        self.init(details.card)
        updatedAt = details.updatedAt
        image = details.image.map {
            Image(hash: $0.hash, mimeType: $0.mimeType, byteCount: $0.byteCount, credit: $0.credit)
        }
        reverseOf = details.reverseOf
        twinID = details.twinID
    }
}
