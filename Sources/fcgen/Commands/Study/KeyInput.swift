import FCCommandLine
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keys and lines from stdin for the interactive commands.
///
/// On a terminal, a key is one keystroke: the terminal is put in raw mode (no echo, no line buffering) while a
/// key is read, and restored right after, so Ctrl-C and a crash leave a usable terminal. When stdin is not a
/// terminal (a pipe, a file, a test's scripted input), a key is one line, so a session can be scripted:
/// `printf 'x\n\n3\n' | fcgen learn`. An empty line counts as Enter.
final class KeyInput {
    /// The terminal stdin is (``FCCommandLine/CommandIO/terminal(for:)``), or `nil` when it is none.
    private let terminal = CommandIO.terminal(for: STDIN_FILENO)

    /// Whether stdin is a terminal: a key is one keystroke there, one line elsewhere.
    var isTerminal: Bool { terminal != nil }

    /// The next key (lowercased); Enter is "\n"; `nil` at end of input.
    func key() -> String? {
        guard let terminal else {
            guard let line = CommandIO.readLine() else { return nil }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? "\n" : String(trimmed.prefix(1)).lowercased()
        }
        var saved = termios()
        tcgetattr(terminal, &saved)
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(terminal, TCSANOW, &raw)
        defer { tcsetattr(terminal, TCSANOW, &saved) }
        var byte: UInt8 = 0
        guard read(terminal, &byte, 1) == 1 else { return nil }
        if byte == 4 { return nil }  // Ctrl-D
        if byte == 13 || byte == 10 { return "\n" }
        return String(decoding: [byte], as: UTF8.self).lowercased()
    }

    /// A whole line (typed answers, topic numbers); `nil` at end of input.
    func line() -> String? {
        CommandIO.readLine()
    }
}
