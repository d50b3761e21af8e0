import Foundation

/// How a typed quiz answer compares with the card's answer.
public enum QuizVerdict: String, Sendable, Codable, Hashable {
    case correct
    case wrong
    /// Nothing (or only whitespace) was typed.
    case empty
}

/// Grades typed answers: equal ignoring case, surrounding whitespace, a final full stop, and (unless turned off)
/// accents. (Generated answers often end with "." that nobody types.)
///
/// ```swift
/// QuizGrader().grade("  cafe ", expected: "Café")   // .correct
/// QuizGrader(ignoresAccents: false).grade("cafe", expected: "Café")   // .wrong
/// ```
public struct QuizGrader: Sendable {
    /// Whether "é" matches "e" (on by default: learners often cannot type accents).
    public var ignoresAccents: Bool

    public init(ignoresAccents: Bool = true) {
        self.ignoresAccents = ignoresAccents
    }

    public func grade(_ typed: String, expected: String) -> QuizVerdict {
        let answer = normalized(typed)
        if answer.isEmpty { return .empty }
        return answer == normalized(expected) ? .correct : .wrong
    }

    /// Trimmed, with inner runs of whitespace collapsed to one space, case (and accents) folded.
    func normalized(_ text: String) -> String {
        var words = text.split(whereSeparator: { $0.isWhitespace })
        if let last = words.last, last.hasSuffix(".") {
            words[words.count - 1] = last.dropLast()
            if words[words.count - 1].isEmpty { words.removeLast() }
        }
        var options: String.CompareOptions = [.caseInsensitive]
        if ignoresAccents { options.insert(.diacriticInsensitive) }
        return words.joined(separator: " ").folding(options: options, locale: Locale(identifier: "en_US_POSIX"))
    }
}
