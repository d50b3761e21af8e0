import FCSanitizer

/// The shapes a model reply comes in, from strict JSON to the messes the sanitizer repairs.
///
/// Each messy style is what some model really does (see the sanitizer's sample replies); ``expectedRepair`` is the
/// repair the sanitizer must report for it, so the benchmark notices when a corpus stops exercising that path.
enum ReplyStyle: String, CaseIterable {
    /// `{"cards":[…]}` exactly as asked, compact or pretty-printed.
    case strict
    /// A ```` ```json ```` fence with chatty prose before and after.
    case fencedProse = "fenced_prose"
    /// A `<think>` block of reasoning, then the JSON.
    case thinkBlock = "think_block"
    /// A comma after the last member of every object and after the last card.
    case trailingCommas = "trailing_commas"
    /// “ ” around keys and strings.
    case smartQuotes = "smart_quotes"
    /// A Python list of dicts: single quotes, `None`, `True`.
    case pythonDict = "python_dict"
    /// Math cards with LaTeX whose backslashes are not escaped (`\frac`, `\(`, `\sqrt`).
    case latex
    /// A reply cut off in the middle of a card, as `finish_reason: length` leaves it.
    case truncated
    /// One card object per line.
    case ndjson
    /// `{"flashcards":[…]}` (or `{"data":{"items":[…]}}`) with alias keys: front, back, rationale, card_type.
    case wrapperAliases = "wrapper_aliases"

    /// The styles of the messy corpus.
    static let messy = allCases.filter { $0 != .strict }

    /// The repair the sanitizer must report for a reply in this style; `nil` for none.
    var expectedRepair: Repair? {
        switch self {
        case .strict, .wrapperAliases: nil
        case .fencedProse: .codeFence
        case .thinkBlock: .thinkBlock
        case .trailingCommas: .trailingCommas
        case .smartQuotes: .smartQuotes
        case .pythonDict: .singleQuotes
        case .latex: .latexEscapes
        case .truncated: .truncation
        case .ndjson: .ndjson
        }
    }
}
