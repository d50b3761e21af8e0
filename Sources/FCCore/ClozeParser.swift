/// Splits a cloze text into plain text and `{{cN::answer::hint}}` deletions (see ``ClozeText``).
///
/// Works on characters so offsets in errors count what a person sees. A `{{` that is not followed by `c` and a
/// digit is plain text (`{{x}}` in a template example stays as it is).
struct ClozeParser {
    private let characters: [Character]
    private var index = 0

    init(text: String) { characters = Array(text) }

    mutating func parse() -> Result<[ClozeText.Segment], ClozeProblem> {
        var segments: [ClozeText.Segment] = []
        var plain = ""
        while index < characters.count {
            guard startsDeletion(at: index) else {
                plain.append(characters[index])
                index += 1
                continue
            }
            let start = index
            switch deletion(startingAt: start) {
            case .success(let item):
                if !plain.isEmpty { segments.append(.text(plain)) }
                plain = ""
                segments.append(.deletion(item))
            case .failure(let problem):
                return .failure(problem)
            }
        }
        if !plain.isEmpty { segments.append(.text(plain)) }
        guard segments.contains(where: { if case .deletion = $0 { true } else { false } }) else {
            return .failure(.noDeletion)
        }
        return .success(segments)
    }

    /// `{{c` and a digit.
    private func startsDeletion(at position: Int) -> Bool {
        position + 3 < characters.count && characters[position] == "{" && characters[position + 1] == "{"
            && (characters[position + 2] == "c" || characters[position + 2] == "C")
            && characters[position + 3].isASCII && characters[position + 3].isNumber
    }

    private mutating func deletion(startingAt start: Int) -> Result<ClozeText.Deletion, ClozeProblem> {
        index = start + 3
        var digits = ""
        while index < characters.count, characters[index].isASCII, characters[index].isNumber {
            digits.append(characters[index])
            index += 1
        }
        // At most three digits: a number from outside never traps, and the store's migration reads the same numbers.
        guard digits.count <= 3, let number = Int(digits), (1...ClozeText.maxNumber).contains(number),
            hasSeparator(at: index)
        else {
            return .failure(.badNumber(offset: start))
        }
        index += 2
        var body = ""
        while index < characters.count {
            if characters[index] == "}" && index + 1 < characters.count && characters[index + 1] == "}" {
                // "{{c1::x}}}" closes at the last pair: the answer keeps a brace of its own ("{{c1::{a}}}").
                var close = index
                while close + 2 < characters.count && characters[close + 2] == "}" { close += 1 }
                body.append(contentsOf: characters[index..<close])
                index = close + 2
                return Self.split(body, number: number)
            }
            if startsDeletion(at: index) { return .failure(.nested(offset: start)) }
            body.append(characters[index])
            index += 1
        }
        return .failure(.unclosed(offset: start))
    }

    private func hasSeparator(at position: Int) -> Bool {
        position + 1 < characters.count && characters[position] == ":" && characters[position + 1] == ":"
    }

    /// `answer::hint` → answer and hint; the answer is trimmed and may not be empty.
    private static func split(_ body: String, number: Int) -> Result<ClozeText.Deletion, ClozeProblem> {
        let answer: String
        var hint: String?
        let characters = Array(body)
        if let separator = characters.indices.dropLast().first(where: {
            characters[$0] == ":" && characters[$0 + 1] == ":"
        }) {
            answer = String(characters[..<separator])
            let rest = trimmed(String(characters[(separator + 2)...]))
            hint = rest.isEmpty ? nil : rest
        } else {
            answer = body
        }
        guard !trimmed(answer).isEmpty else { return .failure(.emptyDeletion(number: number)) }
        return .success(ClozeText.Deletion(number: number, answer: answer, hint: hint))
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
