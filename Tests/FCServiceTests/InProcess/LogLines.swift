import FCCommandLine
import Foundation
import Logging
import Synchronization

/// The lines a logger wrote, kept in order from any task: what `fcgen serve` would have written to stderr.
final class LogLines: Sendable {
    private let written = Mutex<[String]>([])

    /// A logger writing JSON lines here, as `fcgen serve --log-format json` writes them to stderr.
    var jsonLogger: Logger {
        LogFormat.json.logger(label: "fcgen", sink: LogSink(write: { self.append($0) }, now: { Date() }))
    }

    func append(_ line: String) { written.withLock { $0.append(line) } }

    var lines: [String] { written.withLock { $0 } }

    /// Every line, one after another, as the stream they were written to.
    var text: String { lines.joined(separator: "\n") }
}
