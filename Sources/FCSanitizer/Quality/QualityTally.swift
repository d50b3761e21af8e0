public import FCCore

/// How many cards one quality rule flagged in a batch, by what was done with them.
public struct QualityTally: Sendable, Codable, Hashable {
    public var kept: Int
    public var fixed: Int
    public var dropped: Int

    public init(kept: Int = 0, fixed: Int = 0, dropped: Int = 0) {
        self.kept = kept
        self.fixed = fixed
        self.dropped = dropped
    }

    /// Every card the rule flagged, whatever was done.
    public var flagged: Int { kept + fixed + dropped }

    /// Counts one more card under `action`.
    mutating func count(_ action: QualityAction) {
        switch action {
        case .kept: kept += 1
        case .fixed: fixed += 1
        case .dropped: dropped += 1
        }
    }
}

/// A card a quality rule dropped, kept in the report so a reader can see what was lost and why.
public struct QualityDrop: Sendable, Codable, Hashable {
    /// The rule that dropped it.
    public var rule: QualityRuleID
    public var card: CardDraft
    /// For `near-duplicate`: the earlier question (of the batch) or question key (of the topic) it resembles.
    public var similarTo: String?

    public init(rule: QualityRuleID, card: CardDraft, similarTo: String? = nil) {
        self.rule = rule
        self.card = card
        self.similarTo = similarTo
    }
}
