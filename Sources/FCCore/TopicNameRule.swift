import Foundation

/// The rules every topic name follows, wherever the name comes from (the command line, an import, the HTTP API):
/// the store checks them when a topic is created or renamed, so no caller can skip them.
///
/// A name is trimmed of surrounding whitespace, then must be non-empty, at most ``maximumLength`` characters, and
/// free of control characters (``ControlCharacters``) and of the Unicode line and paragraph separators: a name is
/// shown on one line of a table, a log line and a window title, and must not be able to act on the terminal.
public enum TopicNameRule {
    /// The longest name, in characters (grapheme clusters, as people count them).
    public static let maximumLength = 200

    /// `name` without surrounding whitespace: the form that is stored and compared.
    public static func trimmed(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What is wrong with `name` (after ``trimmed(_:)``), or `nil` when it follows the rules.
    public static func problem(with name: String) -> String? {
        let name = trimmed(name)
        if name.isEmpty { return "a topic name must not be empty" }
        if name.count > maximumLength {
            return "a topic name has at most \(maximumLength) characters; this one has \(name.count)"
        }
        if let scalar = name.unicodeScalars.first(where: { ControlCharacters.contains($0) || isLineSeparator($0) }) {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "a topic name must not contain control characters or line breaks (found U+"
                + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ")"
        }
        return nil
    }

    private static func isLineSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
