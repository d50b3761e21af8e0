public import Foundation

/// An earned mystery box; its rarity is drawn when earned, its XP when opened.
public struct MysteryBox: Sendable, Hashable, Codable, Identifiable {
    /// `<sessionID>:<ordinal>`, unique per learner; the reference in the box's idempotency keys.
    public var id: String
    /// The session that earned it.
    public var sessionID: Int64
    /// 1-based position among the session's boxes.
    public var ordinal: Int
    public var rarity: Rarity
    public var earnedAt: Date

    public init(sessionID: Int64, ordinal: Int, rarity: Rarity, earnedAt: Date) {
        id = Self.id(sessionID: sessionID, ordinal: ordinal)
        self.sessionID = sessionID
        self.ordinal = ordinal
        self.rarity = rarity
        self.earnedAt = earnedAt
    }

    /// The id of box `ordinal` of session `sessionID`.
    public static func id(sessionID: Int64, ordinal: Int) -> String { "\(sessionID):\(ordinal)" }
}
