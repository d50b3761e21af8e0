public import FCCore

/// How a ``Sanitizer`` stamps, checks and replaces cards.
///
/// ```swift
/// let options = SanitizerOptions(origin: .fixture, fallbackTopic: "Roman history", fallbackPlan: plan)
/// ```
public struct SanitizerOptions: Sendable {
    /// The longest fields a kept card may have; a longer card is dropped as `too_long`.
    public var limits: CardLimits
    /// The origin stamped on kept cards: `.generated` for provider replies, `.fixture` for replayed ones.
    public var origin: CardOrigin
    /// When set, a `fallback` outcome carries templated study cards about this topic (see ``FallbackCards``).
    public var fallbackTopic: String?
    /// Varies the fallback templates so that two fallback batches of a topic don't repeat each other.
    public var fallbackPlan: BatchPlan?
    /// How many fallback cards to make.
    public var fallbackCount: Int
    /// The quality rules kept cards are checked against; ``QualityRules/off`` checks nothing.
    public var quality: QualityRules

    public init(
        limits: CardLimits = .standard,
        origin: CardOrigin = .generated,
        fallbackTopic: String? = nil,
        fallbackPlan: BatchPlan? = nil,
        fallbackCount: Int = 5,
        quality: QualityRules = .standard
    ) {
        self.limits = limits
        self.origin = origin
        self.fallbackTopic = fallbackTopic
        self.fallbackPlan = fallbackPlan
        self.fallbackCount = fallbackCount
        self.quality = quality
    }
}
