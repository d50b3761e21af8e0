package import FCStore
package import Foundation

/// A mystery box as `fcgen boxes --json` and `GET /v1/boxes` write it: one type for both, so the command line and
/// the API spell a box's ids alike (`boxId`, `sessionId`; docs/json.md).
package struct BoxJSON: Encodable, Sendable {
    package var boxId: String
    package var sessionId: Int64
    package var ordinal: Int
    package var rarity: String
    package var earnedAt: Date
    package var openedAt: Date?
    package var xp: Int?

    package init(_ box: BoxRecord) {
        boxId = box.boxID
        sessionId = box.sessionID
        ordinal = box.ordinal
        rarity = box.rarity
        earnedAt = box.earnedAt
        openedAt = box.openedAt
        xp = box.xp
    }
}
