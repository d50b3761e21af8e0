import FCCommandLine
import Foundation

/// The width of the terminal stdout is, for tables that fit it.
enum TerminalWidth {
    /// The terminal's columns when stdout is a terminal (its window size, else `$COLUMNS`); `nil` when stdout is a
    /// pipe or a file, whose reader (`less -S`, a script) takes lines at full width.
    static func ofStandardOutput(environment: [String: String] = CommandIO.environment) -> Int? {
        guard let terminal = CommandIO.terminal(for: STDOUT_FILENO) else { return nil }
        if let columns = TerminalWindow.columns(of: terminal) { return columns }
        // A terminal that reports no size (some CI consoles): the shell's idea of it, within reason.
        guard let columns = environment["COLUMNS"].flatMap({ Int($0) }), (20...1000).contains(columns) else {
            return nil
        }
        return columns
    }
}
