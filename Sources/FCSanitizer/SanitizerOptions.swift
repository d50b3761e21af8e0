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
    /// Whether cloze (`{{c1::…}}`) and multiple-choice cards are read as such, and whether `long-list` may make a
    /// list answer a cloze card. Off, the reader behaves as before those kinds existed: a `cloze` type is a
    /// `fillblank` card, options are ignored (an `mcq` type is a `question` card) and long lists are kept with their
    /// flag. `fcgen sanitize` turns it on, and generation when its kinds include `cloze` or `mcq`.
    public var structuredKinds: Bool

    public init(
        limits: CardLimits = .standard,
        origin: CardOrigin = .generated,
        fallbackTopic: String? = nil,
        fallbackPlan: BatchPlan? = nil,
        fallbackCount: Int = 5,
        quality: QualityRules = .standard,
        structuredKinds: Bool = false
    ) {
        self.limits = limits
        self.origin = origin
        self.fallbackTopic = fallbackTopic
        self.fallbackPlan = fallbackPlan
        self.fallbackCount = fallbackCount
        self.quality = quality
        self.structuredKinds = structuredKinds
    }
}
