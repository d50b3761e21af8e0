import FCCore
import Foundation
import Testing

struct JSONStringTests {
    @Test func escapesWhatJSONRequiresAndReadsBackTheSame() throws {
        let text = "q\"b\\s\n\r\t\u{08}\u{0C}\u{01}\u{1B} é \u{85}"
        let quoted = JSONString.quoted(text)

        #expect(quoted == #""q\"b\\s\n\r\t\b\f\u0001\u001b é \#u{85}""#)
        #expect(try JSONDecoder().decode(String.self, from: Data(quoted.utf8)) == text)
    }

    @Test func terminalControlsAreEscapedOnlyWhenAsked() {
        var plain = ""
        var safe = ""
        JSONString.quote("\u{7F}\u{9B}\u{2028}", into: &plain)
        JSONString.quote("\u{7F}\u{9B}\u{2028}", into: &safe, escapingTerminalControls: true)

        #expect(plain == "\"\u{7F}\u{9B}\u{2028}\"")
        #expect(safe == #""\u007f\u009b\u2028""#)
    }
}
