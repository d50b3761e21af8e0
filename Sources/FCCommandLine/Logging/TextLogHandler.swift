package import Logging

/// `--log-format text`: one plain line per message, in the shape fcgen's stderr has always had.
///
/// swift-log's `StreamLogHandler` prefixes every line with a local-time timestamp, the level, the label and the
/// source module, which buries a progress line like `[Roman history] batch 1: …` and breaks the
/// `fcgen: error: …` line scripts and tests match. This handler keeps the Unix convention instead:
///
/// - `trace`…`info`: the message alone (progress);
/// - `notice`: `label: message` (something worth a second look, such as a file written);
/// - `warning` and above: `label: level: message` (`fcgen: error: …`).
///
/// The daemon (`fcgen-worker`) turns ``timestamps`` on: each line then starts with an RFC 3339 UTC time. Metadata
/// is left out: the message says it for people, and `--log-format json` carries it for machines. Control
/// characters in a message are escaped and its continuation lines indented (``TerminalText/logMessage(_:)``).
package struct TextLogHandler: LogHandler {
    /// The logger's label, `fcgen` or `fcgen-worker`.
    package let label: String
    /// Whether each line starts with the time (whole seconds, UTC).
    package let timestamps: Bool
    package var logLevel: Logger.Level = .info
    package var metadata: Logger.Metadata = [:]
    private let sink: LogSink

    /// A handler writing to `sink` (stderr unless a test captures the lines).
    package init(label: String, timestamps: Bool, sink: LogSink = .standardError) {
        self.label = label
        self.timestamps = timestamps
        self.sink = sink
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var line = timestamps ? LogTimestamp.seconds(sink.now()) + " " : ""
        switch event.level {
        case .trace, .debug, .info: break
        case .notice: line += "\(label): "
        case .warning, .error, .critical: line += "\(label): \(event.level): "
        }
        // Messages carry topic names, provider error bodies and file names: escape what could act on the terminal.
        line += TerminalText.logMessage(event.message.description)
        sink.write(line)
    }
}
