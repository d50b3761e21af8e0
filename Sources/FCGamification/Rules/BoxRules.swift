/// Mystery boxes: how many a finished session earns, how rare they are, and what opening one pays.
///
/// A session that counts (``SessionRules``: whole queue answered, enough answers, enough of them right) earns
/// ``baseBoxesPerSession`` boxes, one more when its accuracy (correct ÷ reviewed) is at least
/// ``accuracyBonusThreshold``, and one more when it reviewed at least ``cardsBonusThreshold`` cards, never more
/// than ``maximumBoxesPerSession``: 3–5 with the defaults. A learner earns at most ``maximumBoxesPerDay`` boxes per
/// local day; a session past the cap earns fewer (or none). A session is counted once, so replaying it earns
/// nothing more.
public struct BoxRules: Sendable, Hashable, Codable {
    /// Relative weight of each rarity when a box is earned (50/30/15/5 by default).
    public var rarityWeights: [Rarity: Int]
    /// The XP an opened box pays, drawn uniformly from its rarity's range.
    public var payouts: [Rarity: ClosedRange<Int>]
    /// Boxes every qualifying session earns.
    public var baseBoxesPerSession: Int
    /// The cap on boxes per session.
    public var maximumBoxesPerSession: Int
    /// The most boxes a learner earns per local day, however many sessions they finish.
    public var maximumBoxesPerDay: Int
    /// Accuracy (0–1) that earns a bonus box.
    public var accuracyBonusThreshold: Double
    /// Cards reviewed in the session that earn a bonus box.
    public var cardsBonusThreshold: Int

    public init(
        rarityWeights: [Rarity: Int], payouts: [Rarity: ClosedRange<Int>], baseBoxesPerSession: Int,
        maximumBoxesPerSession: Int, maximumBoxesPerDay: Int, accuracyBonusThreshold: Double, cardsBonusThreshold: Int
    ) {
        self.rarityWeights = rarityWeights
        self.payouts = payouts
        self.baseBoxesPerSession = baseBoxesPerSession
        self.maximumBoxesPerSession = maximumBoxesPerSession
        self.maximumBoxesPerDay = maximumBoxesPerDay
        self.accuracyBonusThreshold = accuracyBonusThreshold
        self.cardsBonusThreshold = cardsBonusThreshold
    }

    /// 50/30/15/5 weights; payouts 5–9, 10–19, 20–40, 50–100 XP (≈ 16 XP expected, under two cards' worth); 3–5
    /// boxes per counted session (+1 at ≥ 80 % accuracy, +1 at ≥ 20 cards); at most 10 boxes a day.
    public static let `default` = BoxRules(
        rarityWeights: [.common: 50, .rare: 30, .epic: 15, .legendary: 5],
        payouts: [.common: 5...9, .rare: 10...19, .epic: 20...40, .legendary: 50...100],
        baseBoxesPerSession: 3, maximumBoxesPerSession: 5, maximumBoxesPerDay: 10,
        accuracyBonusThreshold: 0.8, cardsBonusThreshold: 20)

    /// How many boxes `session` earns by its own numbers (0 without answers), before ``SessionRules`` decide
    /// whether it counts at all and before the daily cap.
    public func boxCount(for session: SessionSummary) -> Int {
        guard session.cardsReviewed > 0 else { return 0 }
        var count = baseBoxesPerSession
        if session.accuracy >= accuracyBonusThreshold { count += 1 }
        if session.cardsReviewed >= cardsBonusThreshold { count += 1 }
        return min(count, maximumBoxesPerSession)
    }

    /// Draws a rarity by ``rarityWeights``, walking the rarities from common to legendary.
    public func drawRarity(using generator: inout some RandomNumberGenerator) -> Rarity {
        let total = Rarity.allCases.reduce(0) { $0 + max(0, rarityWeights[$1] ?? 0) }
        guard total > 0 else { return .common }
        var pick = Int.random(in: 0..<total, using: &generator)
        for rarity in Rarity.allCases {
            let weight = max(0, rarityWeights[rarity] ?? 0)
            if pick < weight { return rarity }
            pick -= weight
        }
        return .legendary
    }

    /// Draws the XP a box of `rarity` pays, uniformly within its range (0 when the rarity has no range).
    public func drawPayout(for rarity: Rarity, using generator: inout some RandomNumberGenerator) -> Int {
        guard let range = payouts[rarity] else { return 0 }
        return Int.random(in: range, using: &generator)
    }
}
