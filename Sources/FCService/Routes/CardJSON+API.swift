import FCContract
import FCCore
import FCStore
import Foundation

extension CardJSON {
    /// A card as the API's card routes serve it: with its details, the URL its picture is served at, and, when
    /// read, the calling learner's progress and the document it was generated from (by file name, never a path).
    static func api(_ details: CardDetails, progress: CardProgress? = nil, source: CardSource? = nil) -> CardJSON {
        var card = CardJSON(details)
        if let hash = card.image?.hash { card.image?.url = imageURL(hash: hash) }
        card.progress = progress.map(Progress.init)
        card.source = source.map { Source($0, withPath: false) }
        return card
    }

    /// A card as study shows it (the feed's cards, a session's next card): the card alone, and its picture where the
    /// API serves it (no credit), so the app shows it on the card's faces and offline study can keep it.
    static func study(_ card: Card, image: CardImageInfo?) -> CardJSON {
        var json = CardJSON(card)
        json.image = image.map { Image($0, url: imageURL(hash: $0.hash)) }
        return json
    }

    /// Where the API serves the picture with this hash (`GET /v1/images/{hash}`).
    static func imageURL(hash: String) -> String {
        "/v1/images/\(hash)"
    }
}

/// `{"card": …}`.
struct OneCard: Encodable {
    var card: CardJSON
}

/// `{"cards": […]}`: a card and its twin, after a create or a move.
struct CardList: Encodable {
    var cards: [CardJSON]
    /// `POST /v1/topics/{id}/cards`: the cloze siblings the new card's text made, by deletion number (empty for any
    /// other card); absent from the other routes.
    var siblings: [CardJSON]?
}

/// A page of a topic's deck; `next` is the cursor of the following page, absent on the last one.
struct CardPageJSON: Encodable {
    var topicId: Int64
    var cards: [CardJSON]
    var next: String?
}

/// What an edit changed: the card, its twin when it has one, and whether the twin was changed too.
struct CardEditJSON: Encodable {
    var card: CardJSON
    var twin: CardJSON?
    var twinUpdated: Bool
}
