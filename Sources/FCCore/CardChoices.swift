/// The options of a multiple-choice (`mcq`) card: 4 or 5 distinct texts, exactly one of them correct.
///
/// The options are kept in the order they were written (the stored order); study shows them shuffled with the
/// caller's ``RandomSource`` (``shuffled(using:)``), so a learner can't learn "the answer is always B". Two options
/// are the same when their ``DedupKey`` is: "Augustus" and "augustus." can't both be offered.
///
/// ```swift
/// let choices = try CardChoices.make(["Augustus", "Nero", "Trajan", "Hadrian"], correctIndex: 0).get()
/// choices.correct      // "Augustus"
/// choices.distractors  // ["Nero", "Trajan", "Hadrian"]
/// ```
public struct CardChoices: Sendable, Codable, Hashable {
    /// The fewest wrong options a card offers.
    public static let minDistractors = 3
    /// The most wrong options a card offers.
    public static let maxDistractors = 4
    /// The longest option, in characters.
    public static let optionMax = 200

    /// Every option, the correct one included, in stored order.
    public let options: [String]
    /// The position of the correct option in ``options``.
    public let correctIndex: Int

    /// The correct option's text.
    public var correct: String { options[correctIndex] }

    /// The wrong options, in stored order.
    public var distractors: [String] {
        options.enumerated().filter { $0.offset != correctIndex }.map(\.element)
    }

    private init(checked options: [String], correctIndex: Int) {
        self.options = options
        self.correctIndex = correctIndex
    }

    /// Checks `options` (trimmed first) and the correct one's position.
    public static func make(_ options: [String], correctIndex: Int) -> Result<CardChoices, CardChoicesProblem> {
        let trimmed = options.map(Self.trimmed)
        guard trimmed.indices.contains(correctIndex) else { return .failure(.noCorrect) }
        if let empty = trimmed.firstIndex(where: \.isEmpty) { return .failure(.emptyOption(position: empty + 1)) }
        if let long = trimmed.firstIndex(where: { $0.count > optionMax }) {
            return .failure(.optionTooLong(position: long + 1))
        }
        var seen: [String: Int] = [:]
        for (index, option) in trimmed.enumerated() {
            if seen.updateValue(index, forKey: DedupKey.make(option)) != nil {
                return .failure(.duplicateOption(option))
            }
        }
        let distractors = trimmed.count - 1
        if distractors < minDistractors { return .failure(.tooFewDistractors(distractors)) }
        if distractors > maxDistractors { return .failure(.tooManyDistractors(distractors)) }
        return .success(CardChoices(checked: trimmed, correctIndex: correctIndex))
    }

    /// Options each marked correct or not: exactly one must be.
    public static func make(marked options: [(text: String, isCorrect: Bool)]) -> Result<
        CardChoices, CardChoicesProblem
    > {
        let correct = options.indices.filter { options[$0].isCorrect }
        if correct.isEmpty { return .failure(.noCorrect) }
        if correct.count > 1 { return .failure(.severalCorrect(correct.count)) }
        return make(options.map(\.text), correctIndex: correct[0])
    }

    /// The options in an order drawn from `random`, and where the correct one landed.
    public func shuffled(using random: RandomSource) -> (options: [String], correctIndex: Int) {
        let order = random.withGenerator { generator in Array(options.indices).shuffled(using: &generator) }
        return (order.map { options[$0] }, order.firstIndex(of: correctIndex) ?? 0)
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    private enum CodingKeys: String, CodingKey { case options, correctIndex }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let options = try container.decode([String].self, forKey: .options)
        let index = try container.decode(Int.self, forKey: .correctIndex)
        switch Self.make(options, correctIndex: index) {
        case .success(let choices): self = choices
        case .failure(let problem):
            throw DecodingError.dataCorruptedError(
                forKey: .options, in: container, debugDescription: problem.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(options, forKey: .options)
        try container.encode(correctIndex, forKey: .correctIndex)
    }
}

/// Why a set of options is no multiple-choice card.
public enum CardChoicesProblem: Error, Sendable, Hashable, CustomStringConvertible {
    case noCorrect
    case severalCorrect(Int)
    case tooFewDistractors(Int)
    case tooManyDistractors(Int)
    case duplicateOption(String)
    case emptyOption(position: Int)
    case optionTooLong(position: Int)

    /// The `DropReason`-style identifier of the problem (`mcq_no_correct`, …).
    public var id: String {
        switch self {
        case .noCorrect: "mcq_no_correct"
        case .severalCorrect: "mcq_several_correct"
        case .tooFewDistractors, .tooManyDistractors: "mcq_distractors"
        case .duplicateOption: "mcq_duplicate_option"
        case .emptyOption, .optionTooLong: "mcq_bad_option"
        }
    }

    public var description: String {
        switch self {
        case .noCorrect: "a multiple-choice card needs exactly one correct option and has none"
        case .severalCorrect(let count):
            "a multiple-choice card needs exactly one correct option and has \(count)"
        case .tooFewDistractors(let count):
            "a multiple-choice card needs 3 or 4 wrong options and has \(count)"
        case .tooManyDistractors(let count):
            "a multiple-choice card needs 3 or 4 wrong options and has \(count)"
        case .duplicateOption(let text): "option \"\(text)\" is offered twice"
        case .emptyOption(let position): "option \(position) is empty"
        case .optionTooLong(let position):
            "option \(position) is too long (at most \(CardChoices.optionMax) characters)"
        }
    }
}
