import FCCommandLine
import Foundation
import Synchronization

/// The conversation of the interactive commands (`learn`, `quiz`): questions, prompts, answers, summaries.
///
/// It goes to stdout, or to stderr when stdout carries the command's `--json` document (the terminal still shows
/// it; a script reading stdout gets exactly one document). Control characters are escaped as in
/// ``Console/out(_:styling:)``: card text is shown, never obeyed.
enum Screen {
    private static let toStandardError = Mutex(false)

    /// Sends the conversation to stderr from now on (`--json`).
    static func divertToStandardError() {
        toStandardError.withLock { $0 = true }
    }

    /// Shows `text` and a line feed.
    static func show(_ text: String) {
        let data = Data((TerminalText.escape(text) + "\n").utf8)
        if toStandardError.withLock({ $0 }) {
            FileHandle.standardError.write(data)
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}
