public import FCCore

/// What the sanitizer made of one reply: the outcome, the cards kept, what was dropped and why, what was repaired,
/// and what each quality rule flagged and did.
///
/// Encodes as `{"outcome": "repaired", "cards": […], "dropped": {"duplicate_in_batch": 2}, "repairs":
/// ["code_fence"], "quality": {"yes-no-question": {"kept": 0, "fixed": 1, "dropped": 0}}, "qualityDropped": […]}`:
/// `dropped` is an object keyed by ``DropReason`` raw values. `quality` and `qualityDropped` may be absent when
/// decoding (reports written before quality checks).
public struct SanitizerReport: Sendable, Codable, Hashable {
    public var outcome: BatchOutcome
    public var cards: [CardDraft]
    /// Dropped cards by reason; reasons with no drops are absent.
    public var dropped: [DropReason: Int]
    /// The repairs applied, in pipeline order (see ``Repair``), without duplicates.
    public var repairs: [Repair]
    /// Per quality rule, the cards it flagged by what was done; rules that flagged nothing are absent.
    public var quality: [QualityRuleID: QualityTally]
    /// The cards quality rules dropped, in reply order (their total is `dropped[.quality]`).
    public var qualityDropped: [QualityDrop]

    public init(
        outcome: BatchOutcome, cards: [CardDraft], dropped: [DropReason: Int], repairs: [Repair],
        quality: [QualityRuleID: QualityTally] = [:], qualityDropped: [QualityDrop] = []
    ) {
        self.outcome = outcome
        self.cards = cards
        self.dropped = dropped
        self.repairs = repairs
        self.quality = quality
        self.qualityDropped = qualityDropped
    }

    /// The number of cards dropped for any reason.
    public var droppedCount: Int { dropped.values.reduce(0, +) }

    private enum CodingKeys: String, CodingKey {
        case outcome
        case cards
        case dropped
        case repairs
        case quality
        case qualityDropped
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        outcome = try container.decode(BatchOutcome.self, forKey: .outcome)
        cards = try container.decode([CardDraft].self, forKey: .cards)
        repairs = try container.decode([Repair].self, forKey: .repairs)
        let counts = try container.decode([String: Int].self, forKey: .dropped)
        var dropped: [DropReason: Int] = [:]
        for (name, count) in counts {
            guard let reason = DropReason(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .dropped, in: container, debugDescription: "unknown drop reason")
            }
            dropped[reason] = count
        }
        self.dropped = dropped
        quality = try container.decodeIfPresent([QualityRuleID: QualityTally].self, forKey: .quality) ?? [:]
        qualityDropped = try container.decodeIfPresent([QualityDrop].self, forKey: .qualityDropped) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(cards, forKey: .cards)
        try container.encode(
            Dictionary(uniqueKeysWithValues: dropped.map { ($0.key.rawValue, $0.value) }), forKey: .dropped)
        try container.encode(repairs, forKey: .repairs)
        try container.encode(quality, forKey: .quality)
        try container.encode(qualityDropped, forKey: .qualityDropped)
    }
}
