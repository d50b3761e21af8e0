import FCCommandLine
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A progress bar on stderr for long work (an import, an export, `db copy`): one line redrawn in place at each whole percent, cleared at
/// the end so the result that follows on stdout starts on a clean line.
///
/// Drawn only for a person: when stderr is a terminal and the command prints no JSON. A pipe, a log file, a
/// script or `--json` get nothing, so logs stay line by line.
final class ProgressBar: Sendable {
    /// What is in progress, escaped for the terminal (a file name is the user's text).
    private let label: String
    /// The percent last drawn; -1 before the first.
    private let drawn = Mutex(-1)
    static let width = 30

    private init(label: String) {
        self.label = TerminalText.escape(label)
    }

    /// A bar for `label`, or `nil` when nobody is watching (stderr is not a terminal, or `json`).
    static func onStandardError(label: String, json: Bool) -> ProgressBar? {
        guard !json, CommandIO.isTerminal(STDERR_FILENO) else { return nil }
        return ProgressBar(label: label)
    }

    /// Whether stdout is a terminal: a command that writes its result there (an export without `--out`) draws no
    /// bar then, since the bar would be redrawn through the result's lines.
    static var standardOutputIsTerminal: Bool { CommandIO.isTerminal(STDOUT_FILENO) }

    /// Shows `fraction` (0–1) done; draws only when the whole percent changed.
    func update(fraction: Double) {
        let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
        let changed = drawn.withLock { last in
            guard last != percent else { return false }
            last = percent
            return true
        }
        guard changed else { return }
        let filled = Self.width * percent / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
        write("\r\u{1B}[2K\(label) [\(bar)] \(percent)%")
    }

    /// Clears the bar's line.
    func finish() {
        guard drawn.withLock({ $0 >= 0 }) else { return }
        write("\r\u{1B}[2K")
    }

    private func write(_ text: String) {
        CommandIO.writeError(Array(text.utf8))
    }
}
