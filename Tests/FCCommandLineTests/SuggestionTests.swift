import FCCommandLine
import Testing

/// "Did you mean …?" for mistyped commands.
struct SuggestionTests {
    static let commands = ["generate", "topics", "topic", "cards", "card", "session", "stats", "learn", "quiz"]

    @Test(arguments: [
        ("topcis", "topics"), ("sesion", "session"), ("lern", "learn"), ("sess", "session"), ("STATS", "stats"),
        ("cardds", "cards"),
    ])
    func aNearWordIsSuggested(typed: String, expected: String) {
        #expect(Suggestion.nearest(to: typed, among: Self.commands) == expected)
    }

    @Test func nothingIsSuggestedWhenNothingIsNear() {
        #expect(Suggestion.nearest(to: "nosuchcmd", among: Self.commands) == nil)
        #expect(Suggestion.nearest(to: "xyz", among: Self.commands) == nil)
    }

    @Test func aSwapOfNeighboursIsOneEdit() {
        #expect(Suggestion.distance("topcis", "topics") == 1)
        #expect(Suggestion.distance("kitten", "sitting") == 3)
    }
}
