import Foundation
import Synchronization

/// Where the CLI writes its results: stdout, one write per document, so lines never interleave.
///
/// Diagnostics (errors, progress, notes) go to stderr through the logger, ``GlobalOptions/logger(level:)``.
enum Console {
    private static let lock = Mutex(())

    /// Writes a result line to stdout.
    static func out(_ text: String) {
        write(text, to: FileHandle.standardOutput)
    }

    private static func write(_ text: String, to handle: FileHandle) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        lock.withLock { _ in handle.write(Data(line.utf8)) }
    }

    /// Encodes `value` as the one JSON document a `--json` command prints: sorted keys, stable across runs.
    static func json(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.format(date))
        }
        let data = try encoder.encode(value)
        out(String(decoding: data, as: UTF8.self))
    }
}

/// Fixed-format UTC timestamps for output (locale-dependent formatting differs between machines).
enum Timestamp {
    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
