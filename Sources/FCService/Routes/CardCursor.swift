import FCCore
import FCStore
import Foundation

/// The opaque page cursor: the topic, and the last card of the page with its position then (base64url text).
enum CardCursor {
    static func encode(_ card: Card, topicID: Int64) -> String {
        let text = "c1:\(topicID):\(card.id):\(card.position)"
        return Base64URL.encode(Data(text.utf8))
    }

    /// - Throws: a 400 naming `cursor` when it is not one this server made for this topic.
    static func decode(_ cursor: String, topicID: Int64) throws -> CardPageAnchor {
        var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let parts = Data(base64Encoded: base64).map { String(decoding: $0, as: UTF8.self) }?.split(separator: ":")
        guard let parts, parts.count == 4, parts[0] == "c1", let topic = Int64(parts[1]), let id = Int64(parts[2]),
            let position = Int(parts[3])
        else { throw Problem.badRequest("cursor is not a cursor this server returned", field: "cursor") }
        guard topic == topicID else {
            throw Problem.badRequest("cursor belongs to another topic's listing", field: "cursor")
        }
        return CardPageAnchor(cardID: id, position: position)
    }
}
