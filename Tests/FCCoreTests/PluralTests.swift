import FCCore
import Testing

/// "1 card", "2 cards": the one way counts are written.
struct PluralTests {
    @Test func oneTakesTheSingularEveryOtherCountThePlural() {
        #expect(Plural.count(1, "card") == "1 card")
        #expect(Plural.count(0, "card") == "0 cards")
        #expect(Plural.count(2, "day") == "2 days")
        #expect(Plural.count(-1, "day") == "-1 day")
        #expect(Plural.count(3, "batch") == "3 batches")
        #expect(Plural.count(2, "box") == "2 boxes")
        #expect(Plural.count(2, "entry") == "2 entries")
        #expect(Plural.count(2, "reversed twin") == "2 reversed twins")
        #expect(Plural.count(2, "person", "people") == "2 people")
        #expect(Plural.noun(1, "card") == "card")
    }

    @Test func theSingularUndoesTheRegularPlural() {
        for word in ["card", "topic", "batch", "box", "entry", "day", "class", "wish"] {
            #expect(Plural.singular(of: Plural.regularPlural(of: word)) == word)
        }
        #expect(Plural.singular(of: "Cards") == "Card")
        #expect(Plural.singular(of: "glass") == "glass")
        #expect(Plural.singular(of: "right") == "right")
    }
}
