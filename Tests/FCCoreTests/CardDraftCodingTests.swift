import FCCore
import Foundation
import Testing

/// Quality flags travel with a draft without changing the JSON of unflagged cards.
struct CardDraftCodingTests {
    @Test func flagsAreEncodedOnlyWhenThereAreSome() throws {
        let plain = CardDraft(question: "Q?", answer: "A", origin: .generated)
        let plainJSON = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
        #expect(!plainJSON.contains("flags"))

        let flagged = CardDraft(question: "Q?", answer: "A", origin: .generated, flags: ["long-list"])
        let decoded = try JSONDecoder().decode(CardDraft.self, from: JSONEncoder().encode(flagged))
        #expect(decoded == flagged)
        #expect(decoded.flags == ["long-list"])
    }

    @Test func draftsWrittenBeforeFlagsStillDecode() throws {
        let json = #"{"kind": "question", "question": "Q?", "answer": "A", "origin": "fixture"}"#
        let draft = try JSONDecoder().decode(CardDraft.self, from: Data(json.utf8))
        #expect(draft.flags == [])
        #expect(draft.origin == .fixture)
        #expect(draft.explanation == nil)
    }
}
