public import FCCore

/// Reads cards out of a reply while it is still arriving, so each card can be shown as soon as its object closes.
///
/// Feed it the reply's text in pieces as they come; each ``append(_:)`` returns the cards that piece completed and
/// that no earlier call returned. A card is returned once at most: what comes back is always the continuation of
/// ``emitted``.
///
/// Reading is cheap: the reader tracks bracket depth outside double-quoted strings byte by byte, and only when an
/// object closes does it read the text so far with the ``Sanitizer`` (which keeps every complete card object of a
/// truncated reply). Once a closing brace has produced a card, only closes at that same depth are read again, so a
/// 15-card reply is read about 15 times, not once per token.
///
/// The sanitizer run on the whole reply stays the source of truth: it may find what this reader could not (cards
/// inside a string holding JSON, an unbalanced quote in prose before the JSON) or, after the batch is checked against
/// cards stored meanwhile, keep fewer. Compare ``emitted`` with the final cards and report the difference.
///
/// ```swift
/// var reader = StreamingCardReader(existingKeys: keys)
/// for try await piece in deltas {
///     for card in reader.append(piece) { show(card) }
/// }
/// ```
public struct StreamingCardReader: Sendable {
    private let sanitizer: Sanitizer
    private let existingKeys: Set<String>
    private let questions: TopicQuestionIndex.Snapshot?
    /// The reply so far.
    public private(set) var text = ""
    /// The cards returned so far, in reply order.
    public private(set) var emitted: [CardDraft] = []
    /// A reading of the text no longer started with ``emitted`` (it never has in practice); nothing more is returned.
    public private(set) var diverged = false

    private var depth = 0
    private var inString = false
    private var escaped = false
    /// The depth a card object closes at, once one has (1 for `[{…}]`, 2 for `{"cards": [{…}]}`).
    private var cardDepth: Int?

    /// - Parameters:
    ///   - options: as for the batch's sanitizer; the fallback settings are ignored (nothing is streamed for a
    ///     reply that holds no card).
    ///   - existingKeys: the topic's dedup keys, so a duplicate of a stored card is not shown.
    ///   - questions: the topic's near-duplicate index holding the same keys, if the caller keeps one (see
    ///     ``Sanitizer/sanitize(_:truncated:existingKeys:questions:)``); the reply is read about 15 times.
    public init(
        options: SanitizerOptions = .init(), existingKeys: Set<String> = [],
        questions: TopicQuestionIndex.Snapshot? = nil
    ) {
        var options = options
        options.fallbackTopic = nil
        sanitizer = Sanitizer(options: options)
        self.existingKeys = existingKeys
        self.questions = questions
    }

    /// Adds the next piece of the reply.
    /// - Returns: the cards completed since the last call, in reply order.
    public mutating func append(_ piece: String) -> [CardDraft] {
        guard !piece.isEmpty else { return [] }
        text += piece
        // The shallowest object closed by this piece that is worth a reading, counting the object itself.
        var closedDepth: Int?
        for byte in piece.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "]"):
                depth = max(0, depth - 1)
            case UInt8(ascii: "}"):
                // Before the first card any close may have completed one; after it, only closes at the card's
                // depth or shallower (a wrapper closing) can, so a nested object inside a card costs no reading.
                if cardDepth.map({ depth <= $0 }) ?? true { closedDepth = min(closedDepth ?? depth, depth) }
                depth = max(0, depth - 1)
            default:
                break
            }
        }
        guard let closedDepth, !diverged else { return [] }
        return readNewCards(closedDepth: closedDepth)
    }

    /// Forgets everything: the next piece starts a new reply (a retried request).
    public mutating func reset() {
        self = StreamingCardReader(sanitizer: sanitizer, existingKeys: existingKeys, questions: questions)
    }

    private init(sanitizer: Sanitizer, existingKeys: Set<String>, questions: TopicQuestionIndex.Snapshot?) {
        self.sanitizer = sanitizer
        self.existingKeys = existingKeys
        self.questions = questions
    }

    private mutating func readNewCards(closedDepth: Int) -> [CardDraft] {
        let cards = sanitizer.sanitize(text, truncated: true, existingKeys: existingKeys, questions: questions).cards
        guard cards.count > emitted.count else { return [] }
        guard cards.prefix(emitted.count).elementsEqual(emitted) else {
            diverged = true
            return []
        }
        if cardDepth == nil { cardDepth = closedDepth }
        let new = Array(cards[emitted.count...])
        emitted.append(contentsOf: new)
        return new
    }
}
