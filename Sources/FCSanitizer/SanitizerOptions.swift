public import FCCore

/// The longest card fields the sanitizer keeps, in characters; a longer card is dropped as `too_long`.
public struct SanitizerLimits: Sendable, Hashable {
    public var questionMax: Int
    public var answerMax: Int
    public var explanationMax: Int

    public init(questionMax: Int = 500, answerMax: Int = 1000, explanationMax: Int = 2000) {
        self.questionMax = questionMax
        self.answerMax = answerMax
        self.explanationMax = explanationMax
    }
}

/// How a ``Sanitizer`` stamps, checks and replaces cards.
///
/// ```swift
/// let options = SanitizerOptions(origin: .fixture, fallbackTopic: "Roman history", fallbackPlan: plan)
/// ```
public struct SanitizerOptions: Sendable {
    public var limits: SanitizerLimits
    /// The origin stamped on kept cards: `.generated` for provider replies, `.fixture` for replayed ones.
    public var origin: CardOrigin
    /// When set, a `fallback` outcome carries templated study cards about this topic (see ``FallbackCards``).
    public var fallbackTopic: String?
    /// Varies the fallback templates so that two fallback batches of a topic don't repeat each other.
    public var fallbackPlan: BatchPlan?
    /// How many fallback cards to make.
    public var fallbackCount: Int

    public init(
        limits: SanitizerLimits = SanitizerLimits(),
        origin: CardOrigin = .generated,
        fallbackTopic: String? = nil,
        fallbackPlan: BatchPlan? = nil,
        fallbackCount: Int = 5
    ) {
        self.limits = limits
        self.origin = origin
        self.fallbackTopic = fallbackTopic
        self.fallbackPlan = fallbackPlan
        self.fallbackCount = fallbackCount
    }
}
