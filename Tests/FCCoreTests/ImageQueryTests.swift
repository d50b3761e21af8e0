import FCCore
import Foundation
import Testing

/// A model's image search query is cleaned and bounded before it is stored, and travels with the draft as
/// `image_query`.
struct ImageQueryTests {
    @Test func controlCharactersGoAndWhiteSpaceCollapses() {
        #expect(ImageQuery.cleaned("  red\u{1B}[2J  fox\t\n in\u{9B} snow ") == "red[2J fox in snow")
        #expect(ImageQuery.cleaned("Capitoline wolf") == "Capitoline wolf")
        #expect(ImageQuery.cleaned(" \n\t ") == nil)
        #expect(ImageQuery.cleaned("\u{7}\u{1B}") == nil)
    }

    @Test func aLongQueryIsCutAtAWordBoundary() throws {
        let words = Array(repeating: "elephant", count: 30).joined(separator: " ")
        let cut = try #require(ImageQuery.cleaned(words))
        #expect(cut.count <= ImageQuery.maxLength && cut.count > ImageQuery.maxLength - 9)
        #expect(cut.hasPrefix("elephant elephant") && cut.hasSuffix("elephant"))
        let oneWord = String(repeating: "x", count: 300)
        #expect(ImageQuery.cleaned(oneWord) == String(repeating: "x", count: ImageQuery.maxLength))
    }

    @Test func aDraftCarriesItsQueryAsImageQueryOnlyWhenItHasOne() throws {
        let draft = CardDraft(question: "Q?", answer: "A", origin: .generated, imageQuery: "red fox")
        let json = String(decoding: try JSONEncoder().encode(draft), as: UTF8.self)
        #expect(json.contains(#""image_query":"red fox""#))
        #expect(try JSONDecoder().decode(CardDraft.self, from: Data(json.utf8)) == draft)
        let plain = String(
            decoding: try JSONEncoder().encode(CardDraft(question: "Q?", answer: "A", origin: .generated)),
            as: UTF8.self)
        #expect(!plain.contains("image_query"))
    }
}
