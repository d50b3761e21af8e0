import Crypto
import FCCore
import FCStore
import Foundation

/// The opaque page cursor: the topic, and the last card of the page with its position then (base64url text); under
/// a filter, also a digest of the filter it was made under.
///
/// A cursor is honoured only under the filter it was made with: one made for `?kind=cloze` and sent with
/// `?kind=math` (or without a filter) is a 400 naming `cursor`, so a client that changes the filter starts again
/// from the first page instead of getting a page that silently begins in the middle of the other listing.
enum CardCursor {
    static func encode(_ card: Card, topicID: Int64, filter: CardFilter = .none) -> String {
        var text = "c1:\(topicID):\(card.id):\(card.position)"
        if !filter.isEmpty { text = "c2:\(topicID):\(card.id):\(card.position):\(digest(filter))" }
        return Base64URL.encode(Data(text.utf8))
    }

    /// - Throws: a 400 naming `cursor` when it is not one this server made for this topic and this filter.
    static func decode(_ cursor: String, topicID: Int64, filter: CardFilter = .none) throws -> CardPageAnchor {
        var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let parts = Data(base64Encoded: base64).map { String(decoding: $0, as: UTF8.self) }?.split(
            separator: ":", omittingEmptySubsequences: false)
        guard let parts, parts.count == (parts.first == "c2" ? 5 : 4), parts[0] == "c1" || parts[0] == "c2",
            let topic = Int64(parts[1]), let id = Int64(parts[2]), let position = Int(parts[3])
        else { throw Problem.badRequest("cursor is not a cursor this server returned", field: "cursor") }
        guard topic == topicID else {
            throw Problem.badRequest("cursor belongs to another topic's listing", field: "cursor")
        }
        let madeUnder = parts.count == 5 ? String(parts[4]) : ""
        guard madeUnder == (filter.isEmpty ? "" : digest(filter)) else {
            throw Problem.badRequest(
                "cursor was made under other filters (q, kind, flag, due, suspended): start again without it",
                field: "cursor")
        }
        return CardPageAnchor(cardID: id, position: position)
    }

    /// The first 8 bytes of the SHA-256 of the filter's ``CardFilter/canonical`` text, as hex.
    private static func digest(_ filter: CardFilter) -> String {
        SHA256.hash(data: Data(filter.canonical.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}
