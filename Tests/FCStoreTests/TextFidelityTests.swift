import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Card text comes back byte for byte. Swift's `==` on `String` compares canonical equivalence (NFC "é" equals
/// NFD "e\u{301}"), so these compare UTF-8 bytes.
struct TextFidelityTests {
    @Test func storesUnicodeEmojiAndLaTeXByteExact() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Mixed")
        let drafts = [
            CardDraft(
                question: "Qu'est-ce que l'e\u{301}te\u{301} ?", answer: "L'été (NFC) ≠ l'e\u{301}te\u{301}",
                origin: .generated),
            CardDraft(
                kind: .math, question: #"Solve $\int_0^1 x^2\,dx$"#, answer: #"$\frac{1}{3}$"#,
                explanation: #"\LaTeX: \\ \n "quoted""#, origin: .generated),
            CardDraft(
                question: "Which flag is 🇯🇵 and what is 👩‍👩‍👧‍👦?", answer: "日本; a family (ZWJ sequence)", origin: .generated),
            CardDraft(question: "Empty answer and explanation?", answer: "", explanation: "", origin: .generated),
        ]

        _ = try await BatchStorage.store(on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: drafts))
        let cards = try await Cards.inTopic(on: store, topicID: topic.id)

        #expect(cards.count == drafts.count)
        for (card, draft) in zip(cards, drafts) {
            #expect(Array(card.question.utf8) == Array(draft.question.utf8))
            #expect(Array(card.answer.utf8) == Array(draft.answer.utf8))
            #expect(card.explanation.map { Array($0.utf8) } == draft.explanation.map { Array($0.utf8) })
        }
        // Empty strings stay empty strings, not NULL.
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards WHERE answer = '' AND explanation = ''") == 1)
    }

    /// PostgreSQL text cannot hold U+0000 and SQLite could: both engines refuse it, naming the operation, and the
    /// batch is not half-written.
    @Test func textWithNULIsRefusedAndNothingIsStored() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "NUL")
        let drafts = [
            CardDraft(question: "Fine?", answer: "Yes", origin: .generated),
            CardDraft(question: "NUL inside\u{0}the text?", answer: "No", origin: .generated),
        ]

        await #expect {
            _ = try await BatchStorage.store(on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: drafts))
        } throws: { error in
            guard case StoreError.nulInText(let operation) = error else { return false }
            return !operation.isEmpty && "\(error)".contains("U+0000")
        }
        #expect(try await Cards.inTopic(on: store, topicID: topic.id).isEmpty)
        #expect(try await BatchStorage.list(on: store, topicID: topic.id).isEmpty)
    }

    @Test func storesAOneMegabyteExplanation() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Long")
        let explanation = String(repeating: "Lorem ipsum ∑ 🙂 ", count: 1_048_576 / 20)
        #expect(explanation.utf8.count >= 1_000_000)

        _ = try await BatchStorage.store(
            on: store,
            Fixtures.batch(
                topicID: topic.id, number: 1,
                cards: [CardDraft(question: "Long?", answer: "Yes", explanation: explanation, origin: .generated)]))

        let card = try #require(try await Cards.inTopic(on: store, topicID: topic.id).first)
        #expect(card.explanation?.utf8.count == explanation.utf8.count)
        #expect(card.explanation.map { Array($0.utf8) } == Array(explanation.utf8))
    }
}
