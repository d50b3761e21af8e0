import FCCommandLine
import FCContract
import Foundation
import Synchronization

/// Where the CLI writes its results: stdout, one write per document, so lines never interleave.
///
/// The one place text output meets the terminal: ``out(_:styling:)`` escapes every control character in it
/// (``FCCommandLine/TerminalText``), so a topic name, card text, an imported deck or a model reply can never act
/// on the terminal; ``json(_:)`` writes the one JSON document of a `--json` command (``FCCommandLine/ContractJSON``).
/// Diagnostics (errors, progress, notes) go to stderr through the logger, ``GlobalOptions/logger(level:)``.
enum Console {
    private static let lock = Mutex(())

    /// Writes a result (one or more lines) to stdout, control characters escaped; line feeds and tabs stay.
    ///
    /// - Parameter styling: fcgen's own terminal styling (colour), applied after escaping so it survives while
    ///   anything the text brought along is shown inert.
    static func out(_ text: String, styling: ((String) -> String)? = nil) {
        let escaped = TerminalText.escape(text)
        write(styling.map { $0(escaped) } ?? escaped)
    }

    /// Encodes `value` as the one JSON document a `--json` command prints (docs/json.md): keys sorted, RFC 3339
    /// times, fractions rounded, control characters escaped.
    static func json(_ value: some Encodable) throws {
        write(try ContractJSON.document(value))
    }

    private static func write(_ text: String) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        lock.withLock { _ in CommandIO.writeOutput(Array(line.utf8)) }
    }
}

/// Fixed-format UTC timestamps for text output (locale-dependent formatting differs between machines); whole
/// seconds, for people. JSON documents carry milliseconds (``FCCommandLine/ContractJSON/timestamp(_:)``).
enum Timestamp {
    static func format(_ date: Date) -> String {
        LogTimestamp.seconds(date)
    }
}
