/// The small piece of HTML that moves cards between fcgen's plain text and Anki's HTML fields.
public enum AnkiHTML {
    /// Plain text as an Anki HTML field: `& < > "` escaped, line breaks as `<br>`, tabs as `&#9;` (a tab would
    /// split the field), LaTeX as MathJax.
    public static func field(fromText text: String) -> String {
        var html = ""
        html.reserveCapacity(text.utf8.count + 16)
        for character in MathDelimiters.mathJax(text) {
            switch character {
            case "&": html += "&amp;"
            case "<": html += "&lt;"
            case ">": html += "&gt;"
            case "\"": html += "&quot;"
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
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.prefix { $0.isLetter || $0 == "/" }
                if name == "br" || name == "br/" || name == "/div" || name == "/p" { text += "\n" }
                index = html.index(after: close)
                continue
            }
            if character == "&", let semicolon = html[index...].prefix(10).firstIndex(of: ";"),
                let decoded = entity(String(html[html.index(after: index)..<semicolon]))
            {
                text.append(decoded)
                index = html.index(after: semicolon)
                continue
            }
            text.append(character)
            index = html.index(after: index)
        }
        return text
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
