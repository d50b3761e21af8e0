/// One kind of fix the sanitizer applied to a reply before cards could be read from it.
///
/// The cases are declared in the order the sanitizer applies them, so a report lists them in that order:
/// first the envelope around the JSON (reasoning blocks, fences, prose), then what the lenient JSON reader had to
/// accept inside it.
public enum Repair: String, Sendable, Codable, CaseIterable {
    /// `<think>…</think>` (or `<thinking>`, `<reasoning>`) blocks were removed.
    case thinkBlock = "think_block"
    /// The JSON was taken out of Markdown code fences (```` ``` ```` or `~~~`, any info string).
    case codeFence = "code_fence"
    /// Prose before, between or after the JSON was ignored.
    case surroundingProse = "surrounding_prose"
    /// The JSON arrived as a JSON string holding JSON (`"[{\"question\": …}]"`).
    case jsonString = "json_string"
    /// One JSON object per line (NDJSON) was read as a list.
    case ndjson
    /// Several JSON values (for example one fenced array per block) were concatenated.
    case multipleValues = "multiple_values"
    /// Typographic quotes (“ ” ‘ ’) delimited keys or strings; those inside string content were kept.
    case smartQuotes = "smart_quotes"
    /// Python-style single-quoted strings were read.
    case singleQuotes = "single_quotes"
    /// Object keys without quotes (`{question: "…"}`) were read.
    case unquotedKeys = "unquoted_keys"
    /// Unescaped `"` inside a string (`"He said "hi" there"`) were kept as content.
    case innerQuotes = "inner_quotes"
    /// Python's `True`, `False` and `None` were read as JSON literals.
    case pythonLiterals = "python_literals"
    /// `//` and `/* */` comments outside strings were skipped.
    case comments
    /// A comma before `]` or `}` was ignored.
    case trailingCommas = "trailing_commas"
    /// A missing comma between two array elements or object members was assumed.
    case missingCommas = "missing_commas"
    /// Raw control characters (a real newline or tab) inside a string were kept.
    case controlCharacters = "control_characters"
    /// A backslash that starts no JSON escape (`\(`, `\sqrt`) was kept as a literal backslash.
    case invalidEscapes = "invalid_escapes"
    /// `\f`, `\b`, `\n`, `\r` or `\t` starting a LaTeX command (`\frac`, `\nabla`) was kept as a literal backslash.
    case latexEscapes = "latex_escapes"
    /// The reply ended inside the JSON; complete objects were kept and open containers closed.
    case truncation
}

/// A set of repairs that remembers nothing but membership; `ordered` lists it in pipeline order.
struct RepairSet: Equatable {
    private var bits: UInt32 = 0

    init() {}

    init(_ repairs: [Repair]) {
        for repair in repairs { insert(repair) }
    }

    var isEmpty: Bool { bits == 0 }

    func contains(_ repair: Repair) -> Bool { bits & Self.bit(repair) != 0 }

    mutating func insert(_ repair: Repair) { bits |= Self.bit(repair) }

    mutating func remove(_ repair: Repair) { bits &= ~Self.bit(repair) }

    mutating func formUnion(_ other: RepairSet) { bits |= other.bits }

    /// The members in declaration order of ``Repair``, which is the order the pipeline applies them.
    var ordered: [Repair] { Repair.allCases.filter(contains) }

    private static func bit(_ repair: Repair) -> UInt32 {
        switch repair {
        case .thinkBlock: 1 << 0
        case .codeFence: 1 << 1
        case .surroundingProse: 1 << 2
        case .jsonString: 1 << 3
        case .ndjson: 1 << 4
        case .multipleValues: 1 << 5
        case .smartQuotes: 1 << 6
        case .singleQuotes: 1 << 7
        case .unquotedKeys: 1 << 8
        case .innerQuotes: 1 << 9
        case .pythonLiterals: 1 << 10
        case .comments: 1 << 11
        case .trailingCommas: 1 << 12
        case .missingCommas: 1 << 13
        case .controlCharacters: 1 << 14
        case .invalidEscapes: 1 << 15
        case .latexEscapes: 1 << 16
        case .truncation: 1 << 17
        }
    }
}
