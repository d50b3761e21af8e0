import FCCore
import FCSanitizer
import Foundation
import Testing

/// The sanitizer keeps a card's image search query, cleaned and bounded; a card without one has none.
struct SanitizerImageQueryTests {
    @Test func theQueryIsKeptCleanedAndBounded() throws {
        let long = Array(repeating: "aqueduct", count: 40).joined(separator: " ")
        let report = Sanitizer(options: SanitizerOptions()).sanitize(
            #"""
            {"cards": [
              {"question": "Who founded Rome?", "answer": "Romulus", "type": "question",
               "image_query": "  Capitoline\u001b[31m wolf\n statue "},
              {"question": "What carried water to Rome?", "answer": "Aqueducts", "image_query": "\#(long)"},
              {"question": "When did Caesar die?", "answer": "44 BC", "image_query": ""},
              {"question": "Who was the first emperor?", "answer": "Augustus", "Image-Search": "Prima Porta statue"},
              {"question": "What was the Senate?", "answer": "A council", "image_query": null}
            ]}
            """#)
        #expect(report.cards.count == 5)
        #expect(report.cards[0].imageQuery == "Capitoline[31m wolf statue")
        let bounded = try #require(report.cards[1].imageQuery)
        #expect(bounded.count <= ImageQuery.maxLength && bounded.hasPrefix("aqueduct aqueduct"))
        #expect(report.cards[2].imageQuery == nil)
        #expect(report.cards[3].imageQuery == "Prima Porta statue")
        #expect(report.cards[4].imageQuery == nil)
        // The query is no question alias: "query" alone still is, image_query never.
        #expect(report.cards[0].question == "Who founded Rome?")
        #expect(report.outcome == .strict)
    }

    @Test func theStreamingReaderKeepsTheQueryToo() {
        var reader = StreamingCardReader(options: SanitizerOptions())
        let cards = reader.append(
            #"{"cards": [{"question": "Who founded Rome?", "answer": "Romulus", "image_query": "she-wolf"}, "#)
        #expect(cards.map(\.imageQuery) == ["she-wolf"])
    }
}
