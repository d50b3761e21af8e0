/// The small piece of HTML that moves cards between fcgen's plain text and Anki's HTML fields.
public enum AnkiHTML {
    /// Plain text as an Anki HTML field: `& < > "` escaped, line breaks as `<br>`, tabs as `&#9;` (a tab would
    /// split the field), LaTeX as MathJax, and a literal `\$` as `&#36;` (read back as `\$`).
    public static func field(fromText text: String) -> String {
        // Escaping first leaves `$`, `\`, blanks and digits where they were, so maths is found exactly as in the
        // text; the `&#36;` MathJax conversion writes for `\$` must not be escaped again.
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        var html = ""
        html.reserveCapacity(escaped.utf8.count)
        for character in MathDelimiters.mathJax(escaped, literalDollar: "&#36;") {
            switch character {
            case "\t": html += "&#9;"
            case "\n", "\r\n", "\r": html += "<br>"
            default: html.append(character)
            }
        }
        return html
    }

    /// An Anki HTML field as plain text: `<br>` and block ends become line breaks, other tags are dropped, the
    /// common entities and numeric references are decoded. MathJax delimiters stay (they are valid LaTeX).
    public static func text(fromHTML html: String) -> String {
        var text = ""
        var index = html.startIndex
        // The next `>` at or after `index`, found once and reused: a field full of `<` stays linear.
        var nextClose: String.Index? = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let searchFrom = nextClose {
                if searchFrom <= index { nextClose = html[index...].firstIndex(of: ">") }
                guard let close = nextClose else {
                    text.append(character)
                    index = html.index(after: index)
                    continue
                }
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.prefix { $0.isLetter || $0 == "/" }
                if name == "br" || name == "br/" || name == "/div" || name == "/p" { text += "\n" }
                index = html.index(after: close)
                continue
            }
            if character == "&", let semicolon = html[index...].prefix(10).firstIndex(of: ";"),
                let decoded = entity(String(html[html.index(after: index)..<semicolon]))
            {
                // An encoded dollar is a literal one: fcgen writes that as `\$`, so it never pairs up as maths.
                if decoded == "$" { text.append("\\") }
                text.append(decoded)
                index = html.index(after: semicolon)
                continue
            }
            text.append(character)
            index = html.index(after: index)
        }
        return text
    }

    /// The `src` of every `<img>` tag in `html`, in order, entities decoded (`<img src="a.png">` → `a.png`).
    public static func pictureSources(in html: String) -> [String] {
        let scalars = Array(html.unicodeScalars)
        var sources: [String] = []
        var index = 0
        while let open = find("<img", in: scalars, from: index) {
            guard let close = scalars[open...].firstIndex(of: ">") else { break }
            index = close + 1
            guard let attribute = find("src=", in: scalars, from: open, before: close) else { continue }
            var start = attribute + 4
            var end = close
            if start < close, scalars[start] == "\"" || scalars[start] == "'" {
                let quote = scalars[start]
                start += 1
                end = scalars[start..<close].firstIndex(of: quote) ?? close
            } else {
                end = scalars[start..<close].firstIndex { $0.properties.isWhitespace || $0 == "/" } ?? close
            }
            var value = String.UnicodeScalarView()
            value.append(contentsOf: scalars[start..<end])
            sources.append(text(fromHTML: String(value)).replacing("\\$", with: "$"))
        }
        return sources
    }

    /// Where ASCII `needle` (lowercase) starts in `scalars` at or after `start` (and before `limit`), ignoring case.
    private static func find(
        _ needle: String, in scalars: [Unicode.Scalar], from start: Int, before limit: Int? = nil
    ) -> Int? {
        let pattern = Array(needle.unicodeScalars)
        let end = (limit ?? scalars.count) - pattern.count
        guard start <= end else { return nil }
        for candidate in start...end {
            let matches = pattern.indices.allSatisfy { offset in
                let scalar = scalars[candidate + offset]
                let lowered = ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
                return lowered == pattern[offset]
            }
            if matches { return candidate }
        }
        return nil
    }

    private static func entity(_ name: String) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{00A0}"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}
