/// RFC 5545's content lines: TEXT values escaped (section 3.3.11) and lines folded at 75 octets with CRLF and one
/// space (section 3.1), never inside a UTF-8 sequence.
package enum ICalendarText {
    /// `text` as a TEXT value: backslash, semicolon and comma escaped, line breaks as `\n`.
    package static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n", "\r": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// One content line, folded so that no physical line is longer than 75 octets, each ended by CRLF.
    package static func folded(_ line: String) -> String {
        var out = ""
        var octets = 0
        // The first line takes 75 octets; each continuation starts with a space, so it takes 74 more.
        var limit = 75
        for scalar in line.unicodeScalars {
            let width = String(scalar).utf8.count
            if octets + width > limit {
                out += "\r\n "
                octets = 0
                limit = 74
            }
            out.unicodeScalars.append(scalar)
            octets += width
        }
        return out + "\r\n"
    }
}
