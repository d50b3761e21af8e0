import FCCore

extension QualityChecker {
    /// Makes a card whose answer lists more than ``QualityRules/listMaxItems`` items a cloze card, one deletion
    /// per item: "Name the four Gospels." / "Matthew, Mark, Luke and John" becomes
    /// "Name the four Gospels. {{c1::Matthew}}, {{c2::Mark}}, {{c3::Luke}} and {{c4::John}}", so each item is
    /// recalled on its own (Wozniak's rule 9: avoid sets). Returns false, leaving the card as it was, when the
    /// shape does not allow it: an item that is an aside or a clause, braces in the answer, or a result over
    /// `questionMax` characters.
    func fixLongList(_ card: inout CardDraft, questionMax: Int) -> Bool {
        guard card.kind != .cloze, card.kind != .mcq, card.kind != .truefalse,
            !card.answer.contains("{{"), !card.answer.contains("}}"),
            let list = clozeList(card.answer)
        else { return false }
        let text = card.question + (card.question.contains("\n") || list.contains("\n") ? "\n" : " ") + list
        guard text.count <= questionMax, case .success(let cloze) = ClozeText.parse(text) else { return false }
        card.kind = .cloze
        card.question = text
        card.answer = cloze.revealed
        return true
    }

    /// The answer with every item wrapped in its own deletion, or `nil` when an item is no plain list item.
    private func clozeList(_ answer: String) -> String? {
        let lines = answer.split(whereSeparator: \.isNewline).map { TextCleanup.trimmed(String($0)) }
            .filter { $0.contains { $0.isLetter || $0.isNumber } }
        if lines.count > 1 {
            var wrapped: [String] = []
            for (index, line) in lines.enumerated() {
                let bullet = Self.bulletPrefix(line)
                let item = TextCleanup.trimmed(String(line.dropFirst(bullet.count)))
                guard isPlainItem(item) else { return nil }
                wrapped.append(bullet + "{{c\(index + 1)::" + item + "}}")
            }
            return wrapped.joined(separator: "\n")
        }
        var parts = Self.separatedParts(answer).map { TextCleanup.trimmed(String($0)) }
        guard let last = parts.popLast() else { return nil }
        var ending = ""
        var tail = Substring(last)
        if tail.hasSuffix(".") {
            ending = "."
            tail = tail.dropLast()
        }
        var connector = ""
        for word in [" and ", " or "] {
            if let range = Self.lastRange(of: word, in: tail) {
                parts.append(TextCleanup.trimmed(String(tail[..<range.lowerBound])))
                tail = tail[range.upperBound...]
                connector = word
                break
            }
        }
        parts.append(TextCleanup.trimmed(String(tail)))
        guard parts.count > rules.listMaxItems, parts.allSatisfy(isPlainItem) else { return nil }
        let wrapped = parts.enumerated().map { "{{c\($0.offset + 1)::" + $0.element + "}}" }
        guard connector.isEmpty else {
            return wrapped.dropLast().joined(separator: ", ") + connector + wrapped[wrapped.count - 1] + ending
        }
        return wrapped.joined(separator: ", ") + ending
    }

    /// Short enough to be an item, not opening with a clause word ("as in English").
    private func isPlainItem(_ item: String) -> Bool {
        let words = item.split(whereSeparator: \.isWhitespace)
        guard let first = words.first, item.contains(where: { $0.isLetter || $0.isNumber }) else { return false }
        return words.count <= rules.listItemMaxWords && !rules.listAsideWords.contains(first.lowercased())
    }

    /// "- ", "* ", "• ", "1. ", "2) " at the start of a line.
    private static func bulletPrefix(_ line: String) -> String {
        for bullet in ["- ", "* ", "\u{2022} "] where line.hasPrefix(bullet) { return bullet }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        let rest = line.dropFirst(digits.count)
        if !digits.isEmpty, let mark = rest.first, mark == "." || mark == ")", rest.dropFirst().first == " " {
            return String(digits) + String(mark) + " "
        }
        return ""
    }

    private static func lastRange(of needle: String, in text: Substring) -> Range<Substring.Index>? {
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            if text[index...].hasPrefix(needle) { return index..<text.index(index, offsetBy: needle.count) }
        }
        return nil
    }
}
