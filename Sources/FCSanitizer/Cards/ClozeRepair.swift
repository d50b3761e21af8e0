import FCCore

/// Turns a fill-in question with one blank into cloze text, when that is unambiguous.
///
/// The blank is a run of three or more underscores, `[...]`, `[…]`, `[blank]` or `(blank)`. Exactly one blank and
/// an answer without braces give `{{c1::answer}}` in its place; anything else (no blank, two blanks) is left to the
/// caller, since which answer goes into which blank can't be known.
enum ClozeRepair {
    static func fromBlank(_ question: String, answer: String) -> String? {
        guard !answer.contains("{{"), !answer.contains("}}") else { return nil }
        let blanks = blankRanges(in: question)
        guard blanks.count == 1, let blank = blanks.first else { return nil }
        return question.replacingCharacters(in: blank, with: "{{c1::" + answer + "}}")
    }

    private static let markers = ["[...]", "[\u{2026}]", "[blank]", "(blank)", "[BLANK]", "(BLANK)"]

    private static func blankRanges(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "_" {
                var end = index
                while end < text.endIndex && text[end] == "_" { end = text.index(after: end) }
                if text.distance(from: index, to: end) >= 3 { ranges.append(index..<end) }
                index = end
                continue
            }
            if let marker = markers.first(where: { text[index...].hasPrefix($0) }) {
                let end = text.index(index, offsetBy: marker.count)
                ranges.append(index..<end)
                index = end
                continue
            }
            index = text.index(after: index)
        }
        return ranges
    }
}

extension String {
    /// `self` with `range` replaced, without Foundation.
    fileprivate func replacingCharacters(in range: Range<String.Index>, with replacement: String) -> String {
        String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
