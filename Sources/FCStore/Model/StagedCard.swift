package import FCCore

/// One row of `import_staged_cards`: a card of an import, before it moves into `cards`.
package struct StagedCard: Sendable, Hashable {
    package var stagingID: Int64
    /// Row order within the staging: 1, 2, 3, … as cards are staged (a new topic's deck positions).
    package var seq: Int64
    package var kind: CardKind
    package var question: String
    package var answer: String
    package var explanation: String?
    /// The hash of its staged picture.
    package var imageRef: String?
    package var dedupKey: String
    /// A reversed twin's original's dedup key; `nil` for an original.
    package var twinOf: String?
    package var choices: CardChoices?

    package init(
        stagingID: Int64, seq: Int64, kind: CardKind, question: String, answer: String, explanation: String?,
        imageRef: String?, dedupKey: String, twinOf: String?, choices: CardChoices?
    ) {
        self.stagingID = stagingID
        self.seq = seq
        self.kind = kind
        self.question = question
        self.answer = answer
        self.explanation = explanation
        self.imageRef = imageRef
        self.dedupKey = dedupKey
        self.twinOf = twinOf
        self.choices = choices
    }
}

/// One `INSERT … SELECT` of a staging's cards into `cards` (``ImportRepository/insertStagedCards(_:)``): which
/// cards, where they go and how they are numbered.
package struct StagedMove: Sendable, Hashable {
    /// How a moved card's position is made from the deck's last position before the import.
    package enum Numbering: Sendable, Hashable {
        /// Last position + `seq`: while `seq` runs 1, 2, 3, … without a gap (one pass over the staged rows).
        case seq
        /// Last position + the card's rank by `seq`: after staged cards were dropped.
        case rank
    }

    package var stagingID: Int64
    package var topicID: Int64
    package var origin: CardOrigin
    /// `created_at` and `updated_at` of the cards.
    package var time: Int64
    /// The deck's last position before the import.
    package var position: Int
    package var numbering: Numbering
    /// The staged cards to move, by `seq`; `nil`: all of them.
    package var seqs: ClosedRange<Int64>?
    /// Twins (joined to their originals, moved already, for `reverse_of`) instead of originals.
    package var twins: Bool

    package init(
        stagingID: Int64, topicID: Int64, origin: CardOrigin, time: Int64, position: Int, numbering: Numbering,
        seqs: ClosedRange<Int64>?, twins: Bool
    ) {
        self.stagingID = stagingID
        self.topicID = topicID
        self.origin = origin
        self.time = time
        self.position = position
        self.numbering = numbering
        self.seqs = seqs
        self.twins = twins
    }
}
