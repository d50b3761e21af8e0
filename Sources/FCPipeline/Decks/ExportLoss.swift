import FCCore

/// Something an export file does not carry as stored, the cards concerned, and what was written instead.
///
/// `fcgen export` reports each on stderr and in its `--json` report, so nothing is lost without a word.
public struct ExportLoss: Sendable, Hashable, Encodable {
    /// Why something was not carried.
    public enum Reason: String, Sendable, Hashable, Encodable, CaseIterable {
        /// CSV has no picture column and the card has no question: the card is left out.
        case pictureOnlyCard = "picture_only_card"
        /// CSV has no picture column: the card is written with its text only (kind `image` becomes `question`).
        case picture
        /// Without its picture the card asks a question another card already asks: import would skip it, so it
        /// is left out.
        case duplicateWithoutPicture = "duplicate_without_picture"
        /// The reversed twin was edited on its own (or the pair could not be made again by import): both cards are
        /// written as plain cards, so import does not link them.
        case pairSplit = "pair_split"
        /// The Anki file refers to pictures that were not written (no `--out`).
        case mediaNotWritten = "media_not_written"
        /// The card breaks a card rule, so `fcgen import` will refuse the file until it is fixed; it is written.
        case refusedByImport = "refused_by_import"
    }

    public var reason: Reason
    /// The cards concerned (for a split pair, the card the twin was made from).
    public var cardIDs: [Int64]
    /// What was done, in words (never card text).
    public var message: String
    public var count: Int { cardIDs.count }

    /// The `fcgen export --json` members: ids spelled `Ids`, as every fcgen document spells them.
    enum CodingKeys: String, CodingKey {
        case reason, message, count
        case cardIDs = "cardIds"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(reason, forKey: .reason)
        try container.encode(count, forKey: .count)
        try container.encode(cardIDs, forKey: .cardIDs)
        try container.encode(message, forKey: .message)
    }

    /// One line for stderr: count, reason and the first card ids.
    public var summary: String {
        let shown = cardIDs.prefix(10).map(String.init).joined(separator: ", ")
        let more = cardIDs.count > 10 ? ", … (\(cardIDs.count - 10) more)" : ""
        return "\(Plural.count(count, "card")): \(message) (\(Plural.noun(cardIDs.count, "card")) \(shown)\(more))"
    }
}
