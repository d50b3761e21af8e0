import FCCommandLine
import Foundation
import Synchronization

/// Collects the lines a log handler writes, stamped with a fixed time.
final class CapturedLines: Sendable {
    /// 2026-03-01T09:30:00.250Z.
    static let time = Date(timeIntervalSince1970: 1_772_357_400.25)

    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    var sink: LogSink {
        LogSink(write: { line in self.lines.withLock { $0.append(line) } }, now: { Self.time })
    }

    /// The only line, parsed as a JSON object.
    func jsonObject() throws -> [String: Any] {
        let texts = all
        guard texts.count == 1, let text = texts.first else { throw Unexpected("expected one line, got \(texts)") }
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw Unexpected("not a JSON object: \(text)")
        }
        return object
    }
}

/// A test precondition that did not hold.
struct Unexpected: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
