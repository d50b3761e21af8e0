import ArgumentParser
package import Logging
import Synchronization

/// `--log-format text|json`: how both executables write diagnostics to stderr.
package enum LogFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Plain lines for people (``TextLogHandler``).
    case text
    /// One JSON object per line for machines (``JSONLogHandler``).
    case json

    /// The format a command line asks for (`--log-format json` or `--log-format=json` before any `--`), read before
    /// the line is parsed: a refusal of the line is worded in it. Text otherwise.
    package static func requested(in arguments: [String]) -> LogFormat {
        let options = arguments.prefix { $0 != "--" }
        return zip(options, options.dropFirst()).contains { $0 == "--log-format" && $1 == "json" }
            || options.contains("--log-format=json") ? .json : .text
    }

    /// A logger labelled `label` writing in this format.
    ///
    /// Built with an explicit factory: the executables pass their logger down (to ServiceLifecycle, say), and a
    /// test can capture the lines. ``bootstrapOnce(timestamps:)`` makes the same format the process default too.
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

    /// Makes this format the process-wide default for loggers a dependency creates on its own with
    /// `Logger(label:)`, so they write to stderr in the same shape; swift-log's default writes to stdout, where
    /// it would mix with the results. Only the first call per process counts (swift-log allows one bootstrap).
    package func bootstrapOnce(timestamps: Bool = false) {
        let first = Self.bootstrapped.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        LoggingSystem.bootstrap { label in
            switch self {
            case .text: TextLogHandler(label: label, timestamps: timestamps)
            case .json: JSONLogHandler(label: label)
            }
        }
    }

    private static let bootstrapped = Mutex(false)
}
