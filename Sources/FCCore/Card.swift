public import struct Foundation.Date

/// What kind of flashcard a card is; decides how it is shown and validated.
///
/// `fillblank` is the older single-gap form (a `____` in the question, the missing words as the answer); `cloze`
/// holds Anki's `{{c1::…}}` text in the question (see ``ClozeText``) and the text with every deletion shown as the
/// answer; `mcq` is a multiple-choice card whose options travel in ``CardDraft/choices`` (see ``CardChoices``).
public enum CardKind: String, Sendable, Codable, CaseIterable, Hashable {
    case question
    case definition
    case truefalse
    case fillblank
    case math
    case image
    case cloze
    case mcq
}

/// Where a card came from. Stored with every card so a templated fallback is never mistaken for real content.
public enum CardOrigin: String, Sendable, Codable, CaseIterable, Hashable {
    /// Produced by an LLM provider and accepted by the sanitizer.
    case generated
    /// Templated by the sanitizer because nothing in the model's reply could be salvaged.
    case fallback
    /// Replayed from `fixtures/` (offline demo mode).
    case fixture
    /// Brought in by `fcgen import`.
    case imported
    /// Written by a learner with `fcgen card add`.
    case manual
}

/// A card that has not been stored yet: what the sanitizer produces and the store accepts.
public struct CardDraft: Sendable, Codable, Hashable {
    public var kind: CardKind
    public var question: String
    public var answer: String
    public var explanation: String?
    public var origin: CardOrigin
    /// The ids of the quality rules that flagged this card (`yes-no-question`, `long-list`, …), in rule order;
    /// empty for a card no rule flagged. Encoded only when non-empty, so older JSON reads unchanged.
    public var flags: [String]
    /// The options of an `mcq` card (the correct one is also the answer); `nil` for every other kind. Encoded only
    /// when present.
    public var choices: CardChoices?
    /// A short image search query (in English) the model wrote where a picture helps; `nil` when it wrote none.
    /// Stored in `cards.image_query`; an image resolver may turn it into the card's picture. Encoded only when
    /// present, as `image_query`.
    public var imageQuery: String?

    public init(
        kind: CardKind = .question,
        question: String,
        answer: String,
        explanation: String? = nil,
        origin: CardOrigin,
        flags: [String] = [],
        choices: CardChoices? = nil,
        imageQuery: String? = nil
    ) {
        self.kind = kind
        self.question = question
        self.answer = answer
        self.explanation = explanation
        self.origin = origin
        self.flags = flags
        self.choices = choices
        self.imageQuery = imageQuery
    }

    private enum CodingKeys: String, CodingKey {
        case kind, question, answer, explanation, origin, flags, choices
        case imageQuery = "image_query"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(CardKind.self, forKey: .kind)
        question = try container.decode(String.self, forKey: .question)
        answer = try container.decode(String.self, forKey: .answer)
        explanation = try container.decodeIfPresent(String.self, forKey: .explanation)
        origin = try container.decode(CardOrigin.self, forKey: .origin)
        flags = try container.decodeIfPresent([String].self, forKey: .flags) ?? []
        choices = try container.decodeIfPresent(CardChoices.self, forKey: .choices)
        imageQuery = try container.decodeIfPresent(String.self, forKey: .imageQuery)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(question, forKey: .question)
        try container.encode(answer, forKey: .answer)
        try container.encodeIfPresent(explanation, forKey: .explanation)
        try container.encode(origin, forKey: .origin)
        if !flags.isEmpty { try container.encode(flags, forKey: .flags) }
        try container.encodeIfPresent(choices, forKey: .choices)
        try container.encodeIfPresent(imageQuery, forKey: .imageQuery)
    }

    /// The key that makes a question unique within its topic (see ``DedupKey``).
    public var dedupKey: String { DedupKey.make(question) }
}

/// A stored card.
public struct Card: Sendable, Codable, Hashable, Identifiable {
    public var id: Int64
    public var topicID: Int64
    public var batchID: Int64?
    public var kind: CardKind
    public var question: String
    public var answer: String
    public var explanation: String?
    public var origin: CardOrigin
    public var dedupKey: String
    /// Order within the topic's deck, 1-based.
    public var position: Int
    public var createdAt: Date
    /// The options of an `mcq` card; `nil` for every other kind.
    public var choices: CardChoices?
    /// The image search query the model wrote for a generated card (`cards.image_query`); `nil` for most cards.
    public var imageQuery: String?
    /// The deletion number a stored `cloze` card asks (``ClozeText/question(hiding:)``): each number of a cloze text
    /// is a card of its own with its own schedule (Anki's siblings). `nil` for other kinds, and for a cloze card not
    /// stored yet, which is asked with every deletion hidden.
    public var clozeNumber: Int?
    /// For a cloze card asking its text's second or later number: the card asking the first (the note's card, which
    /// holds the text); `nil` for every other card.
    public var clozeOf: Int64?

    public init(
        id: Int64,
        topicID: Int64,
        batchID: Int64?,
        kind: CardKind,
        question: String,
        answer: String,
        explanation: String?,
        origin: CardOrigin,
        dedupKey: String,
        position: Int,
        createdAt: Date,
        choices: CardChoices? = nil,
        imageQuery: String? = nil,
        clozeNumber: Int? = nil,
        clozeOf: Int64? = nil
    ) {
        self.id = id
        self.topicID = topicID
        self.batchID = batchID
        self.kind = kind
        self.question = question
        self.answer = answer
        self.explanation = explanation
        self.origin = origin
        self.dedupKey = dedupKey
        self.position = position
        self.createdAt = createdAt
        self.choices = choices
        self.imageQuery = imageQuery
        self.clozeNumber = clozeNumber
        self.clozeOf = clozeOf
    }

    /// The card holding this card's text: its note card for a cloze sibling, else itself.
    public var noteID: Int64 { clozeOf ?? id }
}
