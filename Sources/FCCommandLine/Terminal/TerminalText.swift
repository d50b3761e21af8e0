import FCCore

/// Text on its way to a terminal, made inert: every control character is shown as `\u{1B}`-style text instead of
/// being written raw (``FCCore/ControlCharacters``).
///
/// Topic names, card text, imported decks, model replies and provider error bodies all reach the terminal; raw, an
/// ESC or OSC sequence in them could clear the screen, retitle the window or write the clipboard (OSC 52), and a CR
/// could overwrite a line. The executables' text output and text log lines pass through here, in one place each,
/// so no command has to remember to. (`--json` output escapes control characters the JSON way instead.)
package enum TerminalText {
    /// `text` with every control character escaped as `\u{XX}`, except the line feeds and tabs a multi-line result
    /// legitimately holds (when `keepingLineFeeds`), so card text keeps its lines.
    package static func escape(_ text: String, keepingLineFeeds: Bool = true) -> String {
        // The common case, nothing to escape, costs one scan and no copy.
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineFeeds: keepingLineFeeds) }) else {
            return text
        }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingLineFeeds: keepingLineFeeds) {
                escaped.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// A log message as lines that cannot pass for other log lines: control characters escaped, and every line
    /// after the first indented by two spaces, so a line feed inside a topic name or a provider's error body can
    /// never start a line of its own that looks like `fcgen: error: …`.
    package static func logMessage(_ text: String) -> String {
        let lines = escape(text).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 1 else { return String(lines.first ?? "") }
        return lines.enumerated().map { index, line in
            index == 0 || line.hasPrefix("  ") ? String(line) : "  " + line
        }.joined(separator: "\n")
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, keepingLineFeeds: Bool) -> Bool {
        guard ControlCharacters.contains(scalar) else { return false }
        return !(keepingLineFeeds && (scalar == "\n" || scalar == "\t"))
    }
}
