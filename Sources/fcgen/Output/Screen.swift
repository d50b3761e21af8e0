import FCCommandLine
import Foundation
import Synchronization

/// The conversation of the interactive commands (`learn`, `quiz`): questions, prompts, answers, summaries.
///
/// It goes to stdout, or to stderr when stdout carries the command's `--json` document (the terminal still shows
/// it; a script reading stdout gets exactly one document). Control characters are escaped as in
/// ``Console/out(_:styling:)``: card text is shown, never obeyed.
enum Screen {
    /// Sends the conversation to stderr from now on (`--json`).
    static func divertToStandardError() {
        CommandIO.divertConversation()
    }

    /// Shows `text` and a line feed.
    static func show(_ text: String) {
        let bytes = Array((TerminalText.escape(text) + "\n").utf8)
        if CommandIO.conversationDiverted {
            CommandIO.writeError(bytes)
        } else {
            CommandIO.writeOutput(bytes)
        }
    }
}
