public import FCCore
import Foundation

/// Grades typed answers as a fair teacher would, not character by character:
///
/// - case, accents (unless turned off), punctuation and a leading article `a`, `an`, `the` do not count ("the
///   Rubicon." is "rubicon"); apostrophes are dropped ("don't" is "dont"), other punctuation separates words ("Jean-Paul" is
///   "jean paul"), except a `.` or `,` between digits ("3.14" stays);
/// - typos are forgiven: one edit (Damerau–Levenshtein: a letter added, dropped, changed, or two neighbours swapped)
///   per ``charactersPerTypo`` characters of the expected answer, so "Rubcion" is "Rubicon" (7 characters, 1 edit)
///   and "Roma" is not "Rome" (4 characters, none); numbers never: their digits must be exactly the answer's;
/// - a sentence answer (six words or more) that opens with a short key term (at most four words before a dash, a
///   colon, a parenthesis, a comma or a semicolon) is also right when only the key term is typed: "Hannibal" for
///   "Hannibal Barca, the Carthaginian general who crossed the Alps".
///
/// ```swift
/// QuizGrader().grade("  cafe ", expected: "Café")              // .correct
/// QuizGrader().grade("Rubcion", expected: "The Rubicon.")       // .correct
/// QuizGrader().grade("1435", expected: "1453")                  // .wrong
/// QuizGrader(ignoresAccents: false).grade("cafe", expected: "Café")   // .wrong
/// ```
public struct QuizGrader: Sendable {
    /// Whether "é" matches "e" (on by default: learners often cannot type accents).
    public var ignoresAccents: Bool
    /// Characters of the expected answer per forgiven typo (6: none below 6 characters, one for 6–11, two for
    /// 12–17 …); 0 forgives none.
    public var charactersPerTypo: Int

    public init(ignoresAccents: Bool = true, charactersPerTypo: Int = 6) {
        self.ignoresAccents = ignoresAccents
        self.charactersPerTypo = max(0, charactersPerTypo)
    }

    public func grade(_ typed: String, expected: String) -> QuizVerdict {
        let answer = words(typed)
        if answer.isEmpty { return .empty }
        let accepted = [words(expected)] + (keyTerm(of: expected).map { [words($0)] } ?? [])
        for form in accepted where !form.isEmpty {
            if matches(answer, form) { return .correct }
        }
        return .wrong
    }

    /// Trimmed, with inner runs of whitespace collapsed to one space, case (and accents) folded, a final full stop
    /// dropped: how an mcq option typed as text is compared (exactly, since a forgiven typo could name another
    /// option).
    func normalized(_ text: String) -> String {
        var words = text.split(whereSeparator: { $0.isWhitespace })
        if let last = words.last, last.hasSuffix(".") {
            words[words.count - 1] = last.dropLast()
            if words[words.count - 1].isEmpty { words.removeLast() }
        }
        return fold(words.joined(separator: " "))
    }

    private func fold(_ text: String) -> String {
        var options: String.CompareOptions = [.caseInsensitive]
        if ignoresAccents { options.insert(.diacriticInsensitive) }
        return text.folding(options: options, locale: Locale(identifier: "en_US_POSIX"))
    }

    static let articles: Set<String> = ["a", "an", "the"]

    /// The answer's words, folded, without punctuation (see the type's rules); a leading article is kept here and
    /// left out by ``matches(_:_:)``.
    func words(_ text: String) -> [String] {
        let characters = Array(fold(text))
        var cleaned = ""
        for (index, character) in characters.enumerated() {
            if character == "'" || character == "\u{2019}" { continue }
            let isDecimalMark =
                (character == "." || character == ",") && index > 0 && index + 1 < characters.count
                && characters[index - 1].isNumber && characters[index + 1].isNumber
            if character.isPunctuation && !isDecimalMark {
                cleaned.append(" ")
            } else {
                cleaned.append(character)
            }
        }
        return cleaned.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// Whether `typed` is `expected` with or without a leading article, within the typos forgiven, its numbers exact.
    func matches(_ typed: [String], _ expected: [String]) -> Bool {
        // Only a leading article: one inside ("Battle of the Bulge") or a letter that is an answer ("Vitamin A")
        // is part of it.
        let bare = { (words: [String]) in Self.articles.contains(words.first ?? "") ? Array(words.dropFirst()) : words }
        for (answer, target) in [(bare(typed), bare(expected)), (typed, expected)] where !target.isEmpty {
            let answerText = answer.joined(separator: " ")
            let targetText = target.joined(separator: " ")
            if answerText == targetText { return true }
            guard Self.numbers(in: answerText) == Self.numbers(in: targetText) else { continue }
            let allowed = charactersPerTypo == 0 ? 0 : targetText.count / charactersPerTypo
            if allowed > 0, Self.editDistance(Array(answerText), Array(targetText), atMost: allowed) <= allowed {
                return true
            }
        }
        return false
    }

    /// The runs of digits in `text`, in order: typos in them are never forgiven.
    static func numbers(in text: String) -> [Substring] {
        text.split(whereSeparator: { !$0.isNumber })
    }

    /// The short term a sentence answer opens with, if it has one (see the type's rules).
    func keyTerm(of answer: String) -> String? {
        guard answer.split(whereSeparator: { $0.isWhitespace }).count >= 6 else { return nil }
        let marks = [" — ", " – ", " - ", ": ", " (", ", ", "; "]
        let cut = marks.compactMap { answer.range(of: $0)?.lowerBound }.min()
        guard let cut else { return nil }
        let term = String(answer[..<cut])
        let count = term.split(whereSeparator: { $0.isWhitespace }).count
        return (1...4).contains(count) ? term : nil
    }

    /// The optimal-string-alignment distance between `a` and `b` (Damerau–Levenshtein without edits of edits), or
    /// more than `limit` as soon as it must be: answers differing in length by more than `limit` are not compared.
    static func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowBest = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowBest = min(rowBest, value)
            }
            if rowBest > limit { return limit + 1 }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
