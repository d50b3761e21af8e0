import FCCore
import FCSanitizer
import Testing

struct StreamingCardReaderTests {
    /// Fifteen cards; card 3's question holds braces and an escaped quote, which must not look like structure.
    static let cards: [String] = (1...15).map { index in
        let question = index == 3 ? #"What does {\"x\": [1]} mean in card 3?"# : "What is fact number \(index)?"
        return
            #"{"question": "\#(question)", "answer": "Item \#(index) of the list.", "explanation": "Because \#(index)."}"#
    }

    static let shapes: [String] = [
        "[" + cards.joined(separator: ",") + "]",
        #"{"cards": ["# + cards.joined(separator: ",\n  ") + "]}",
        "Here you go:\n```json\n{\"flashcards\": [" + cards.joined(separator: ",") + "]}\n```\nEnjoy!",
    ]

    /// Feeds `reply` in pieces of `size` characters; returns every card returned, and after which piece.
    static func stream(_ reply: String, size: Int, keys: Set<String> = []) -> (cards: [CardDraft], at: [Int]) {
        var reader = StreamingCardReader(existingKeys: keys)
        var cards: [CardDraft] = []
        var at: [Int] = []
        var rest = Substring(reply)
        var offset = 0
        while !rest.isEmpty {
            let piece = rest.prefix(size)
            rest = rest.dropFirst(size)
            offset += piece.count
            let new = reader.append(String(piece))
            cards += new
            at += Array(repeating: offset, count: new.count)
        }
        return (cards, at)
    }

    @Test(arguments: shapes, [1, 7, 64])
    func streamedCardsAreExactlyTheSanitizedBatch(reply: String, size: Int) {
        let final = Sanitizer().sanitize(reply).cards
        #expect(final.count == 15)
        #expect(Self.stream(reply, size: size).cards == final)
    }

    @Test(arguments: shapes)
    func eachCardArrivesAsSoonAsItsObjectCloses(reply: String) {
        let (cards, at) = Self.stream(reply, size: 1)
        #expect(cards.count == 15)
        // Card k was returned right after the character that closed it: the k-th closing brace at card depth.
        for (index, position) in at.enumerated() {
            let text = String(reply.prefix(position))
            #expect(text.hasSuffix("}"), "card \(index + 1) returned at \(position)")
            #expect(text.contains("fact number \(index + 1)?") || index == 2)
        }
    }

    @Test func duplicatesOfTheTopicAndOfTheBatchAreNotReturned() {
        let reply = "[" + [Self.cards[0], Self.cards[1], Self.cards[0], Self.cards[4]].joined(separator: ",") + "]"
        let (cards, _) = Self.stream(reply, size: 5, keys: [DedupKey.make("What is fact number 2?")])
        #expect(cards.map(\.question) == ["What is fact number 1?", "What is fact number 5?"])
        #expect(cards == Sanitizer().sanitize(reply, existingKeys: [DedupKey.make("What is fact number 2?")]).cards)
    }

    @Test func invalidCardsAndAnUnfinishedCardAreNotReturned() {
        var reader = StreamingCardReader()
        let first = reader.append(#"[{"question": "", "answer": "x"}, {"question": "Fine?", "answer": "Yes."}, "#)
        #expect(first.map(\.question) == ["Fine?"])
        #expect(reader.append(#"{"question": "Cut off?", "answer": "Not y"#).isEmpty)
        #expect(reader.emitted.map(\.question) == ["Fine?"])
    }

    @Test func resetStartsANewReply() {
        var reader = StreamingCardReader()
        #expect(reader.append("[" + Self.cards[0] + ",").count == 1)
        reader.reset()
        #expect(reader.text.isEmpty && reader.emitted.isEmpty)
        // After a reset the same card is new again: a retried request's reply is read from scratch.
        #expect(reader.append("[" + Self.cards[0]).count == 1)
    }

    @Test func noCardIsReturnedForProseOrAFallback() {
        var reader = StreamingCardReader(options: SanitizerOptions(fallbackTopic: "Rome"))
        #expect(reader.append("I cannot help with {that}.").isEmpty)
        #expect(reader.emitted.isEmpty)
    }
}
