/// The text of a cloze card in Anki's syntax: `{{c1::answer}}` or `{{c1::answer::hint}}`, any number of deletions
/// c1…cN, several deletions may share a number (they are hidden together).
///
/// A cloze card stores this text as its question. It is asked per deletion number: ``question(hiding:)`` hides the
/// deletions of that number (`[...]`, or `[hint]` when there is one) and shows the others as plain text;
/// ``revealed`` is the text with every deletion shown, which is the card's answer. Anki's nested deletions are not
/// read: a `{{` inside a deletion is an error, as is an unclosed one.
///
/// ```swift
/// let cloze = try ClozeText.parse("{{c1::Romulus}} founded Rome in {{c2::753 BC::year}}.").get()
/// cloze.numbers                 // [1, 2]
/// cloze.question(hiding: 2)     // "Romulus founded Rome in [year]."
/// cloze.revealed                // "Romulus founded Rome in 753 BC."
/// cloze.answers(for: 1)         // ["Romulus"]
/// ```
public struct ClozeText: Sendable, Hashable {
    /// One `{{cN::answer::hint}}`.
    public struct Deletion: Sendable, Hashable {
        public var number: Int
        public var answer: String
        public var hint: String?
    }

    /// A piece of the text: plain text or a deletion.
    public enum Segment: Sendable, Hashable {
        case text(String)
        case deletion(Deletion)
    }

    /// The highest deletion number (`{{c999::…}}`); each number is a card of its own once stored.
    public static let maxNumber = 999

    /// The text as written.
    public let source: String
    public let segments: [Segment]

    /// The deletion numbers used, ascending, each once.
    public var numbers: [Int] { Array(Set(deletions.map(\.number))).sorted() }

    /// Every deletion, in text order.
    public var deletions: [Deletion] {
        segments.compactMap { segment in
            if case .deletion(let deletion) = segment { return deletion }
            return nil
        }
    }

    /// The answers of the deletions numbered `number`, in text order.
    public func answers(for number: Int) -> [String] {
        deletions.filter { $0.number == number }.map(\.answer)
    }

    /// The text with the deletions numbered `number` hidden and every other deletion shown.
    public func question(hiding number: Int) -> String {
        render { deletion in
            deletion.number == number ? "[" + (deletion.hint ?? "...") + "]" : deletion.answer
        }
    }

    /// The text with every deletion hidden: how a card is asked when all its deletions are asked at once.
    public var questionHidingAll: String {
        render { "[" + ($0.hint ?? "...") + "]" }
    }

    /// The text with every deletion shown.
    public var revealed: String { render(\.answer) }

    private func render(_ deletion: (Deletion) -> String) -> String {
        var text = ""
        for segment in segments {
            switch segment {
            case .text(let plain): text += plain
            case .deletion(let item): text += deletion(item)
            }
        }
        return text
    }

    /// Whether `text` contains something that looks like a deletion (`{{c` followed by a digit).
    public static func looksLikeCloze(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 4 else { return false }
        for index in 0..<(bytes.count - 3)
        where bytes[index] == UInt8(ascii: "{") && bytes[index + 1] == UInt8(ascii: "{")
            && (bytes[index + 2] == UInt8(ascii: "c") || bytes[index + 2] == UInt8(ascii: "C"))
            && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 3])
        {
            return true
        }
        return false
    }

    /// Reads `text`; fails with what is wrong and where.
    public static func parse(_ text: String) -> Result<ClozeText, ClozeProblem> {
        var parser = ClozeParser(text: text)
        return parser.parse().map { ClozeText(source: text, segments: $0) }
    }
}

/// Why a text is no cloze text.
public enum ClozeProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// No `{{cN::…}}` at all.
    case noDeletion
    /// `{{c` with no closing `}}`; the offset is in characters from the start.
    case unclosed(offset: Int)
    /// `{{cN::}}`: nothing to hide.
    case emptyDeletion(number: Int)
    /// `{{c0::…}}` or `{{cx::…}}`.
    case badNumber(offset: Int)
    /// A `{{` inside a deletion.
    case nested(offset: Int)

    public var description: String {
        switch self {
        case .noDeletion: "a cloze card needs at least one deletion such as {{c1::answer}}"
        case .unclosed(let offset): "the deletion at character \(offset + 1) has no closing }}"
        case .emptyDeletion(let number): "deletion c\(number) hides nothing"
        case .badNumber(let offset):
            "the deletion at character \(offset + 1) needs a number from 1 to \(ClozeText.maxNumber) ({{c1::…}})"
        case .nested(let offset): "the deletion at character \(offset + 1) holds another deletion (not supported)"
        }
    }
}
