/// Markdown: ATX headings (`#` … `######`) and single-line setext headings (a line underlined with `===` or `---`)
/// start sections; fenced code blocks (```` ``` ```` or `~~~`) are content, never headings, and their blank lines do
/// not split them into paragraphs.
package struct MarkdownReader: SourceEventReader {
    /// The open fence's character and length.
    private var fence: (marker: Character, length: Int)?
    /// A one-line paragraph that becomes a setext heading if the next line underlines it.
    private var candidate: SourceLine?
    private var afterBlock = true

    package init() {}

    package mutating func consume(_ line: SourceLine) -> [SourceEvent] {
        var events: [SourceEvent] = []
        if let held = candidate {
            candidate = nil
            if !line.continued, let level = Self.underlineLevel(line.text) {
                let title = held.text.trimmingWhitespace
                events.append(.heading(level: level, title: title, start: held.start, end: line.end))
                afterBlock = true
                return events
            }
            events.append(.text(held))
        }
        if line.continued {
            events.append(.text(line))
            return events
        }
        let trimmed = line.text.trimmingWhitespace
        if let open = fence {
            if let marker = Self.fenceMarker(trimmed), marker.marker == open.marker, marker.length >= open.length,
                trimmed.dropFirst(marker.length).allSatisfy({ $0 == marker.marker || $0.isWhitespace })
            {
                fence = nil
            }
            events.append(.text(line))
            return events
        }
        if let marker = Self.fenceMarker(trimmed), Self.indent(line.text) <= 3 {
            fence = marker
            afterBlock = false
            events.append(.text(line))
            return events
        }
        if line.isBlank {
            afterBlock = true
            events.append(.blank(line))
            return events
        }
        if let heading = Self.atxHeading(line.text) {
            afterBlock = true
            events.append(.heading(level: heading.level, title: heading.title, start: line.start, end: line.end))
            return events
        }
        if afterBlock, Self.canBeSetextText(trimmed) {
            candidate = line
        } else {
            events.append(.text(line))
        }
        afterBlock = false
        return events
    }

    package mutating func finish() -> [SourceEvent] {
        defer { candidate = nil }
        return candidate.map { [.text($0)] } ?? []
    }

    /// `# Title #` → (1, "Title"); at most three spaces of indent, a space (or nothing) after the hashes.
    static func atxHeading(_ text: String) -> (level: Int, title: String)? {
        guard indent(text) <= 3 else { return nil }
        let body = text.drop { $0 == " " }
        let level = body.prefix { $0 == "#" }.count
        guard (1...6).contains(level) else { return nil }
        let rest = body.dropFirst(level)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var title = String(rest).trimmingWhitespace
        // A closing run of hashes is not part of the title.
        if let lastNonHash = title.lastIndex(where: { $0 != "#" }) {
            let tail = title[title.index(after: lastNonHash)...]
            if !tail.isEmpty, title[lastNonHash] == " " { title = String(title[...lastNonHash]).trimmingWhitespace }
        } else {
            title = ""
        }
        return (level, title)
    }

    /// 1 for `===`, 2 for `---` (at least two dashes, so a lone `-` list item is not one).
    static func underlineLevel(_ text: String) -> Int? {
        let trimmed = text.trimmingWhitespace
        guard indent(text) <= 3, !trimmed.isEmpty else { return nil }
        if trimmed.allSatisfy({ $0 == "=" }) { return 1 }
        if trimmed.count >= 2, trimmed.allSatisfy({ $0 == "-" }) { return 2 }
        return nil
    }

    /// Lists, quotes, tables and rules are never setext heading text.
    private static func canBeSetextText(_ trimmed: String) -> Bool {
        guard let first = trimmed.first else { return false }
        if ["-", "*", "+", ">", "|", "=", "<"].contains(first) { return false }
        if first.isNumber, trimmed.drop(while: \.isNumber).first.map({ $0 == "." || $0 == ")" }) == true {
            return false
        }
        return true
    }

    private static func fenceMarker(_ trimmed: String) -> (marker: Character, length: Int)? {
        guard let first = trimmed.first, first == "`" || first == "~" else { return nil }
        let length = trimmed.prefix { $0 == first }.count
        return length >= 3 ? (first, length) : nil
    }

    private static func indent(_ text: String) -> Int {
        text.prefix { $0 == " " }.count
    }
}

extension String {
    /// Without white space at either end.
    var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
