public import FCCore

/// How a multiple-choice card travels in an Anki Basic note: the options listed on the front under the question,
/// after a blank line, one lettered line each (`A) Remus`, `B) Romulus`, …); the correct option's text on the back.
///
/// Anki shows the note as it is; `fcgen import` of such a note tagged `fcgen::kind::mcq` reads the options back
/// from the front (``split(_:)``) and marks the one the back names.
public enum AnkiChoices {
    static let letters: [Character] = ["A", "B", "C", "D", "E", "F", "G", "H"]

    /// The front's HTML: the question, a blank line, the lettered options.
    public static func front(question: String, choices: CardChoices) -> String {
        let lines = choices.options.prefix(letters.count).enumerated().map { index, option in
            "\(letters[index])) " + AnkiHTML.field(fromText: option)
        }
        return AnkiHTML.field(fromText: question) + "<br><br>" + lines.joined(separator: "<br>")
    }

    /// A front read as text, split into the question and the options listed after its last blank line; `nil` when
    /// the text ends in no such list (`A) …`, `B) …`, … in order).
    public static func split(_ text: String) -> (question: String, options: [String])? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let blank = lines.lastIndex(where: { $0.allSatisfy(\.isWhitespace) }), blank > 0 else { return nil }
        let listed = lines[(blank + 1)...]
        guard !listed.isEmpty, listed.count <= letters.count else { return nil }
        var options: [String] = []
        for (offset, line) in listed.enumerated() {
            let marker = "\(letters[offset])) "
            guard line.hasPrefix(marker) else { return nil }
            options.append(String(line.dropFirst(marker.count)))
        }
        return (lines[..<blank].joined(separator: "\n"), options)
    }
}
