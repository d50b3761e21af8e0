public import struct Foundation.Date

/// How deep a batch goes. Later batches of a topic climb this ladder instead of repeating batch 1.
public enum DepthLevel: String, Sendable, Codable, CaseIterable, Hashable {
    case foundational
    case intermediate
    case advanced
    case expert
}

/// What one batch of a topic asks the model for: its number, the angle (aspect) and the depth.
public struct BatchPlan: Sendable, Codable, Hashable {
    /// 1-based number of the batch within its topic.
    public var number: Int
    public var aspect: String
    public var depth: DepthLevel
    /// The step of the topic's outline this batch took (``TopicOutline/Step/index``, from 1); `nil` for a batch
    /// planned from the fixed aspect list (no outline, or the outline's steps all taken).
    public var step: Int?

    public init(number: Int, aspect: String, depth: DepthLevel, step: Int? = nil) {
        self.number = number
        self.aspect = aspect
        self.depth = depth
        self.step = step
    }
}

/// How the sanitizer got cards out of a reply.
public enum BatchOutcome: String, Sendable, Codable, CaseIterable, Hashable {
    /// The reply parsed as sent.
    case strict
    /// The reply needed repairs (fences, prose, quotes, …) but nothing was lost.
    case repaired
    /// The reply was truncated or only partly usable; the complete cards were kept.
    case partial
    /// Nothing usable: templated cards were produced instead, with origin `fallback`.
    case fallback
}

/// Why the sanitizer or the store dropped a card. Counted per batch.
///
/// `CodingKeyRepresentable`, so a `[DropReason: Int]` encodes as a JSON object keyed by reason, not as an array.
public enum DropReason: String, Sendable, Codable, CodingKeyRepresentable, CaseIterable, Hashable, Comparable {
    case missingQuestion = "missing_question"
    case missingAnswer = "missing_answer"
    case tooLong = "too_long"
    case refusal
    case placeholder
    /// The question or answer carries the reply's JSON structure: a card field's key (`"answer":`) or a lone
    /// `{` or `}`, as when a model loses track of the reply's shape.
    case jsonFragment = "json_fragment"
    /// "True" or "False" answering a question that asks how, why, where, when or who: no claim to judge, so no card.
    case truthForOpenQuestion = "truth_for_open_question"
    case blankMissing = "blank_missing"
    /// A cloze card with no usable `{{c1::…}}` deletion (none, unclosed, empty), and no blank to repair it from.
    case clozeInvalid = "cloze_invalid"
    /// A multiple-choice card with no option marked correct.
    case mcqNoCorrect = "mcq_no_correct"
    /// A multiple-choice card with several options marked correct.
    case mcqSeveralCorrect = "mcq_several_correct"
    /// A multiple-choice card with fewer than 3 or more than 4 wrong options.
    case mcqDistractors = "mcq_distractors"
    /// A multiple-choice card offering one option twice.
    case mcqDuplicateOption = "mcq_duplicate_option"
    /// A multiple-choice card with an empty or over-long option.
    case mcqBadOption = "mcq_bad_option"
    case duplicateInBatch = "duplicate_in_batch"
    case duplicateInTopic = "duplicate_in_topic"
    case truncated
    case malformed
    /// A quality rule dropped the card (a leaked answer, a near-duplicate); the sanitizer's report names the rule.
    case quality

    public static func < (lhs: DropReason, rhs: DropReason) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Token counts a provider reported for one call; `nil` when it reported none.
public struct TokenUsage: Sendable, Codable, Hashable {
    public var input: Int?
    public var output: Int?

    public init(input: Int? = nil, output: Int? = nil) {
        self.input = input
        self.output = output
    }

    public static let none = TokenUsage()

    /// Both calls' tokens (a batch's and its review's); a count neither reported stays unknown.
    public func adding(_ other: TokenUsage) -> TokenUsage {
        func sum(_ a: Int?, _ b: Int?) -> Int? { a == nil && b == nil ? nil : (a ?? 0) + (b ?? 0) }
        return TokenUsage(input: sum(input, other.input), output: sum(output, other.output))
    }
}

/// A stored batch: one generation call for a topic and what came of it.
public struct BatchRecord: Sendable, Codable, Hashable, Identifiable {
    public var id: Int64
    public var topicID: Int64
    public var plan: BatchPlan
    public var provider: String
    public var model: String
    public var promptHash: String
    public var outcome: BatchOutcome
    public var cardsKept: Int
    public var dropped: [DropReason: Int]
    public var usage: TokenUsage
    public var latencyMilliseconds: Int
    public var createdAt: Date

    /// The `fcgen batches --json` members: ids spelled `Id`, as every fcgen document spells them.
    enum CodingKeys: String, CodingKey {
        case id
        case topicID = "topicId"
        case plan, provider, model, promptHash, outcome, cardsKept, dropped, usage, latencyMilliseconds, createdAt
    }

    public init(
        id: Int64,
        topicID: Int64,
        plan: BatchPlan,
        provider: String,
        model: String,
        promptHash: String,
        outcome: BatchOutcome,
        cardsKept: Int,
        dropped: [DropReason: Int],
        usage: TokenUsage,
        latencyMilliseconds: Int,
        createdAt: Date
    ) {
        self.id = id
        self.topicID = topicID
        self.plan = plan
        self.provider = provider
        self.model = model
        self.promptHash = promptHash
        self.outcome = outcome
        self.cardsKept = cardsKept
        self.dropped = dropped
        self.usage = usage
        self.latencyMilliseconds = latencyMilliseconds
        self.createdAt = createdAt
    }
}
