import ArgumentParser
package import Logging

/// `--log-format text|json`: how both executables write diagnostics to stderr.
package enum LogFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Plain lines for people (``TextLogHandler``).
    case text
    /// One JSON object per line for machines (``JSONLogHandler``).
    case json

    /// A logger labelled `label` writing in this format.
    ///
    /// Built with an explicit factory rather than `LoggingSystem.bootstrap`: `fcgen` learns the format only after
    /// parsing a subcommand's options, and a logger passed down explicitly is what swift-log asks libraries (here
    /// ServiceLifecycle) to take anyway.
    ///
    /// - Parameters:
    ///   - timestamps: start text lines with the time (the daemon); JSON lines always carry it.
    ///   - level: the lowest level written (`.warning` for `--quiet`).
    ///   - sink: where lines go; stderr unless a test captures them.
    package func logger(
        label: String, timestamps: Bool = false, level: Logger.Level = .info, sink: LogSink = .standardError
    ) -> Logger {
        var logger = Logger(label: label) { label in
            switch self {
            case .text: TextLogHandler(label: label, timestamps: timestamps, sink: sink)
            case .json: JSONLogHandler(label: label, sink: sink)
            }
        }
        logger.logLevel = level
        return logger
    }
}
