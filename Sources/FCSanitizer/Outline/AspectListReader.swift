package import FCCore

/// Reads the plain numbered list of subtopics a model sends when asked for one (`AspectListPrompt`) into an outline
/// whose subtopics each go through every depth level, so the batches still widen and deepen as with a full outline.
///
/// The request a small model can answer when its JSON outline was unusable, read leniently: reasoning blocks
/// removed; only lines that are list items count (`1.`, `2)`, `3:`, `-`, `*`, `•`), so a heading or a closing remark
/// is not a subtopic; in each item, markdown emphasis and quotes are removed and a description after the name
/// (`Chlorophyll: a pigment that …`, `Legions - the army`) is cut off. Items that are empty, hold control
/// characters, run past 12 words, repeat an earlier one or merely repeat the topic are skipped; at most 16 are kept,
/// and fewer than 2 left is an ``OutlineProblem``.
///
/// ```swift
/// let outline = try AspectListReader.read("1. The Kings\n2. The Republic: offices", topic: "Roman history")
/// outline.subtopics.map(\.name)  // ["The Kings", "The Republic"]
/// ```
package enum AspectListReader {
    /// Items longer than this many words are sentences, not subtopic names.
    static let maxWords = 12

    /// The outline in `text`'s list.
    /// - Throws: ``OutlineProblem`` when fewer than two usable items are left.
    package static func read(_ text: String, topic: String) throws(OutlineProblem) -> TopicOutline {
        var bytes = Array(text.utf8)
        _ = ThinkBlocks.strip(&bytes)
        let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
        let topicKey = key(topic)
        var names: [String] = []
        var seen = Set<String>()
        var items = 0
        for line in lines {
            guard let item = listItem(line) else { continue }
            items += 1
            guard let name = name(of: item) else { continue }
            let nameKey = key(name)
            guard nameKey != topicKey, seen.insert(nameKey).inserted else { continue }
            names.append(name)
        }
        let limits = TopicOutline.Limits.subtopics
        guard names.count >= limits.lowerBound else {
            throw OutlineProblem(
                "the list holds \(Plural.count(names.count, "usable subtopic")) of \(Plural.count(items, "item")); "
                    + "at least \(limits.lowerBound) are needed")
        }
        let levels = DepthLevel.allCases.map { TopicOutline.Level(depth: $0) }
        return TopicOutline(subtopics: names.prefix(limits.upperBound).map { .init(name: $0, levels: levels) })
    }

    /// The text of a list item (`1. …`, `12) …`, `- …`, `* …`, `• …`) without its marker; `nil` for any other line.
    static func listItem(_ line: Substring) -> Substring? {
        let trimmed = line.drop(while: \.isWhitespace)
        if let first = trimmed.first, "-*•".contains(first) {
            let rest = trimmed.dropFirst()
            // "**Bold**" is emphasis, not a bullet.
            guard rest.first?.isWhitespace == true else { return nil }
            return rest
        }
        let digits = trimmed.prefix(while: \.isNumber)
        guard (1...2).contains(digits.count) else { return nil }
        let rest = trimmed.dropFirst(digits.count)
        guard let marker = rest.first, ".):".contains(marker) else { return nil }
        return rest.dropFirst()
    }

    /// The subtopic name an item gives: emphasis, quotes and a description after it removed; `nil` if unusable.
    static func name(of item: Substring) -> String? {
        var text = String(item).replacing("**", with: "").replacing("__", with: "")
        for separator in [": ", " - ", " – ", " — "] {
            if let range = text.firstRange(of: separator), range.lowerBound > text.startIndex {
                text = String(text[..<range.lowerBound])
            }
        }
        let words = text.split(whereSeparator: { $0.isWhitespace })
        text = words.joined(separator: " ").trimming(trimmed)
        guard !text.isEmpty, words.count <= maxWords,
            !text.unicodeScalars.contains(where: ControlCharacters.contains)
        else { return nil }
        return String(text.prefix(TopicOutline.Limits.nameLength))
    }

    /// Quotes, emphasis marks and end punctuation around a name.
    private static let trimmed: Set<Character> = [
        "\"", "'", "“", "”", "‘", "’", "*", "_", "`", ".", ":", ";", ",", " ",
    ]

    /// Case and spacing aside, for comparing names with each other and with the topic.
    private static func key(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).joined(separator: " ")
    }
}

extension String {
    fileprivate func trimming(_ set: Set<Character>) -> String {
        guard let start = firstIndex(where: { !set.contains($0) }),
            let end = lastIndex(where: { !set.contains($0) })
        else { return "" }
        return String(self[start...end])
    }
}
