/// What every problem document (RFC 9457) fcgen writes shares, the service's responses and a failed generation's
/// stored problem alike: the `type` base and the one-line `detail`.
package enum ProblemText {
    /// The base of every problem `type`: `https://fcgen.dev/problems/<code>`.
    package static let typeBase = "https://fcgen.dev/problems/"

    /// The first line, trimmed and capped: a detail is a sentence, never a dump.
    package static func oneLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }
}
