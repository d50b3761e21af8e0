/// The card kinds a generation run asks the model for (`fcgen generate --kinds question,cloze,mcq`).
///
/// `math` and `image` cards come from elsewhere (a `math` card is a question with LaTeX, an `image` card needs a
/// picture), so only ``allowed`` may be asked for. Without `--kinds` a run asks for ``standard``, the four kinds
/// generation has always made. Asking for `cloze` or `mcq` makes the sanitizer read those two kinds
/// (``includesStructured``).
///
/// ```swift
/// let kinds = try GeneratedKinds.parse("question, cloze,mcq").get()
/// kinds.kinds               // [.question, .cloze, .mcq]
/// kinds.includesStructured  // true
/// ```
public struct GeneratedKinds: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kinds a model may be asked for, in the order prompts and schemas list them.
    public static let allowed: [CardKind] = [.question, .definition, .truefalse, .fillblank, .cloze, .mcq]
    /// What a run asks for without `--kinds`.
    public static let standard = GeneratedKinds(checked: [.question, .definition, .truefalse, .fillblank])

    /// The kinds asked for, each once, in ``allowed`` order.
    public let kinds: [CardKind]

    private init(checked kinds: [CardKind]) { self.kinds = kinds }

    /// Whether `cloze` or `mcq` is asked for: the sanitizer then reads `{{c1::…}}` text and options.
    public var includesStructured: Bool { kinds.contains(.cloze) || kinds.contains(.mcq) }

    public func contains(_ kind: CardKind) -> Bool { kinds.contains(kind) }

    /// The kinds as `--kinds` takes them: `question,cloze,mcq`.
    public var description: String { kinds.map(\.rawValue).joined(separator: ",") }

    /// The kinds in `kinds`, in ``allowed`` order; `nil` when it is empty or holds a kind that can't be asked for.
    public init?(_ kinds: [CardKind]) {
        guard !kinds.isEmpty, kinds.allSatisfy(Self.allowed.contains) else { return nil }
        self.init(checked: Self.allowed.filter(kinds.contains))
    }

    /// Reads a comma-separated list of kind names (blanks around names ignored, repeats allowed).
    /// - Returns: the kinds, or a one-line reason naming the bad entry.
    public static func parse(_ list: String) -> Result<GeneratedKinds, GeneratedKindsProblem> {
        var kinds: [CardKind] = []
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
                .lowercased()
            guard !name.isEmpty else { return .failure(.emptyEntry) }
            guard let kind = CardKind(rawValue: name), allowed.contains(kind) else {
                return .failure(.unknown(name))
            }
            kinds.append(kind)
        }
        guard let result = GeneratedKinds(kinds) else { return .failure(.emptyEntry) }
        return .success(result)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let names = try container.decode([String].self)
        guard let kinds = GeneratedKinds(names.compactMap(CardKind.init(rawValue:))), kinds.kinds.count == names.count
        else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "not a list of " + Self.allowedList)
        }
        self = kinds
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(kinds.map(\.rawValue))
    }

    /// `question, definition, truefalse, fillblank, cloze, mcq`, for messages.
    public static var allowedList: String { allowed.map(\.rawValue).joined(separator: ", ") }
}

/// Why a `--kinds` list was refused.
public enum GeneratedKindsProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// An empty list, or an empty entry (`question,,mcq`).
    case emptyEntry
    /// A name that is no kind, or a kind a model is not asked for (`math`, `image`).
    case unknown(String)

    public var description: String {
        switch self {
        case .emptyEntry:
            "expected a comma-separated list of \(GeneratedKinds.allowedList), with no empty entry"
        case .unknown(let name):
            "\"\(name)\" is not a kind generation makes: expected \(GeneratedKinds.allowedList)"
        }
    }
}
