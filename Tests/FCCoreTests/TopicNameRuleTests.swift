import FCCore
import Foundation
import Testing

/// One rule for every topic name, and the one time format.
struct TopicNameRuleTests {
    @Test(arguments: [
        "Roman\u{1B}[2J", "x\u{1B}]52;c;ZXZpbA==\u{07}", "line\nbreak", "carriage\rreturn", "tab\there",
        "c1\u{9B}", "sep\u{2028}arator", "del\u{7F}",
    ])
    func controlCharactersAndLineBreaksAreRefused(name: String) {
        let problem = TopicNameRule.problem(with: name)
        #expect(problem?.hasPrefix("a topic name must not contain control characters or line breaks (found U+") == true)
    }

    @Test func lengthIsCountedInCharactersAfterTrimming() {
        #expect(TopicNameRule.problem(with: String(repeating: "é", count: 200)) == nil)
        #expect(
            TopicNameRule.problem(with: String(repeating: "a", count: 201))
                == "a topic name has at most 200 characters; this one has 201")
        #expect(TopicNameRule.problem(with: "  \t ") == "a topic name must not be empty")
        #expect(TopicNameRule.problem(with: "  Roman history 🏛 ") == nil)
        #expect(TopicNameRule.trimmed("  Roman history ") == "Roman history")
    }

    @Test func timesAreRoundedToTheMillisecondWithThreeDigits() {
        #expect(RFC3339.milliseconds(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(RFC3339.milliseconds(Date(timeIntervalSince1970: 1_795_441_933.2259999)) == "2026-11-23T13:52:13.226Z")
        #expect(RFC3339.milliseconds(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
    }
}
