/// One step of a person at a terminal (``TerminalScript``): wait until `expect` appears on the screen (after what the
/// previous step matched), then type `send` (nothing when it is empty).
///
/// One key (not a lone return) is typed once the program has put the terminal in raw mode to read it: typed before,
/// it would be echoed and held for a line. Anything longer is a line (ending in `\r`, the Return key), typed once the
/// terminal reads lines again.
package struct TerminalStep: Sendable {
    package var expect: String
    package var send: String

    package init(expect: String, send: String) {
        self.expect = expect
        self.send = send
    }

    /// Whether `send` is one key read in raw mode.
    var isKey: Bool { send.utf8.count == 1 && send != "\r" }
}
