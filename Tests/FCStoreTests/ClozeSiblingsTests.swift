import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Cloze siblings: each deletion number of a cloze text is a card of its own, with its own schedule; every write of
/// a cloze text keeps its siblings in step (on both engines: the engine contract runs these on PostgreSQL too).
struct ClozeSiblingsTests {
    /// (note card, number, position) of a topic's cards in deck order.
    static func layout(_ store: Store, _ topicID: Int64) async throws -> [String] {
        try await Cards.inTopic(on: store, topicID: topicID).map { card in
            "\(card.clozeOf.map { "of \($0)" } ?? "note") c\(card.clozeNumber.map(String.init) ?? "-") @\(card.position)"
        }
    }

    @Test func addingEditingMovingAndDeletingKeepSiblingsInStep() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let rome = try await Topics.ensure(on: store, named: "Rome")
        let other = try await Topics.ensure(on: store, named: "Other")
        let added = try await store.addCard(
            NewCard(
                topicID: rome.id, kind: .cloze, question: "{{c1::Romulus}} founded Rome in {{c2::753 BC}}.",
                answer: "Romulus founded Rome in 753 BC.", explanation: nil))
        let noteID = try #require(added.first?.card.id)
        #expect(added.first?.card.clozeNumber == 1)
        #expect(try await Self.layout(store, rome.id) == ["note c1 @1", "of \(noteID) c2 @2"])
        // The same text again is a duplicate of the note, never of a sibling.
        await #expect(
            throws: StoreError.duplicateQuestion(topicID: rome.id, existingCardID: noteID, side: "card")
        ) {
            _ = try await store.addCard(
                NewCard(
                    topicID: rome.id, kind: .cloze, question: "{{c1::Romulus}} founded Rome in {{c2::753 BC}}.",
                    answer: "x", explanation: nil))
        }
        _ = try await store.addCard(
            NewCard(topicID: rome.id, kind: .question, question: "Q", answer: "A", explanation: nil))

        // Editing the sibling edits the note: c3 is added, c2 keeps its card and takes the new text.
        let c2 = try #require(try await Cards.inTopic(on: store, topicID: rome.id).first { $0.clozeNumber == 2 })
        let text = "{{c1::Romulus}} founded {{c3::Rome}} in {{c2::753 BC}}."
        let edit = try await store.updateCard(
            id: c2.id, to: CardUpdate(kind: .cloze, question: text, answer: "R", explanation: "E"), alsoTwin: false)
        #expect(edit.card.card.id == c2.id)
        #expect(
            try await Self.layout(store, rome.id) == [
                "note c1 @1", "of \(noteID) c2 @2", "note c- @3", "of \(noteID) c3 @4",
            ])
        let all = try await Cards.inTopic(on: store, topicID: rome.id).filter { $0.noteID == noteID }
        #expect(all.allSatisfy { $0.question == text && $0.explanation == "E" })
        #expect(
            all.filter { $0.clozeOf != nil }.map(\.dedupKey)
                == all.filter { $0.clozeOf != nil }.map {
                    DedupKey.make(text) + "\u{1F}cloze:\($0.clozeNumber ?? 0)"
                })

        // Removing c2 removes its card; the note keeps c1.
        let fewer = try await store.updateCard(
            id: noteID,
            to: CardUpdate(
                kind: .cloze, question: "{{c1::Romulus}} founded {{c3::Rome}}.", answer: "R",
                explanation: nil), alsoTwin: false)
        #expect(fewer.card.card.clozeNumber == 1)
        #expect(try await Self.layout(store, rome.id) == ["note c1 @1", "note c- @2", "of \(noteID) c3 @3"])

        // Burying a sibling buries its note too, for that learner only.
        let user = try await Learners.ensure(on: store, named: "ana")
        let c3 = try #require(try await Cards.inTopic(on: store, topicID: rome.id).first { $0.clozeNumber == 3 })
        let tomorrow = Fixtures.date.addingTimeInterval(86_400)
        let buried = try await store.write("bury") {
            try await $0.buryCards(ids: [c3.id], userID: user.id, until: tomorrow)
        }
        #expect(buried == [noteID, c3.id].sorted(), "what was buried: the card given and its siblings, ascending")
        #expect(try await store.read { try await $0.clozeSiblingIDs(noteID: noteID) } == [c3.id])
        #expect(
            try await store.scalarInteger(
                "SELECT COUNT(*) FROM card_flags WHERE buried_until IS NOT NULL") == 2)
        let summary = try #require(
            try await StudyReads.topicSummaries(on: store, userID: user.id, until: Fixtures.date, topicIDs: [rome.id])
                .first)
        #expect(summary.cardCount == 3 && summary.newCount == 1)
        let plain = try #require(try await Cards.inTopic(on: store, topicID: rome.id).first { $0.kind == .question })
        #expect(
            try await store.write("bury") { try await $0.buryCards(ids: [plain.id], userID: user.id, until: tomorrow) }
                == [plain.id])
        #expect(try await store.read { try await $0.clozeSiblingIDs(noteID: plain.id) }.isEmpty)

        // Moving a sibling moves the note with all its cards; the old deck closes up.
        let moved = try await CardEditing.move(on: store, id: c3.id, toTopic: other.id, position: nil)
        #expect(moved.map(\.card.id) == [noteID, c3.id])
        #expect(try await Self.layout(store, rome.id) == ["note c- @1"])
        #expect(try await Self.layout(store, other.id) == ["note c1 @1", "of \(noteID) c3 @2"])

        // Deleting a sibling deletes the note.
        try await store.deleteCards(ids: [c3.id])
        #expect(try await Cards.inTopic(on: store, topicID: other.id).isEmpty)

        // A note that stops being cloze loses its siblings.
        let again = try await store.addCard(
            NewCard(
                topicID: rome.id, kind: .cloze, question: "{{c1::a}} {{c2::b}}", answer: "a b", explanation: nil))
        let againID = try #require(again.first?.card.id)
        _ = try await store.updateCard(
            id: againID, to: CardUpdate(kind: .question, question: "a b?", answer: "yes", explanation: nil),
            alsoTwin: false)
        #expect(try await Self.layout(store, rome.id) == ["note c- @1", "note c- @2"])
        #expect(try await store.integrityCheck() == "ok")
    }

    @Test func generatedAndImportedClozeCardsGetTheirSiblings() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        let drafts = [
            CardDraft(kind: .cloze, question: "{{c1::a}} {{c2::b}} {{c3::c}}", answer: "a b c", origin: .generated),
            CardDraft(question: "Q?", answer: "A", origin: .generated),
        ]
        let stored = try await BatchStorage.store(on: store, .seeded(topicID: topic.id, label: "t", cards: drafts))
        #expect(stored.cards.count == 2, "the batch keeps what the model wrote; siblings are not its cards")
        let note = stored.cards[0].id
        #expect(
            try await Self.layout(store, topic.id) == [
                "note c1 @1", "note c- @2", "of \(note) c2 @3", "of \(note) c3 @4",
            ])
        #expect(
            try await Cards.inTopic(on: store, topicID: topic.id).filter { $0.clozeOf != nil }.allSatisfy {
                $0.batchID == stored.record.id
            })
        #expect(try await Cards.recentQuestions(on: store, topicID: topic.id, limit: 10).count == 2)

        let rows = [
            ImportedCard(
                kind: .cloze, question: "{{c2::x}} {{c1::y}}", answer: "x y", explanation: nil, isReversed: false),
            ImportedCard(
                kind: .cloze, question: "{{c1::a}} {{c2::b}} {{c3::c}}", answer: "a b c", explanation: nil,
                isReversed: false),
        ]
        let summary = try await ImportCards.run(on: store, topicID: topic.id, from: ArrayCardRows(rows: rows))
        #expect(summary.cardsStored == 1 && summary.duplicatesSkipped == 1 && summary.clozeSiblingsStored == 1)
        let imported = try #require(
            try await Cards.inTopic(on: store, topicID: topic.id).first { $0.question == "{{c2::x}} {{c1::y}}" })
        #expect(imported.clozeNumber == 1 && imported.position == 5)
        #expect(
            try await Cards.inTopic(on: store, topicID: topic.id).last.map { [$0.clozeOf, Int64($0.clozeNumber ?? 0)] }
                == [
                    imported.id, 2,
                ])

        let (newTopic, freshSummary) = try await ImportCards.run(
            on: store, topicNamed: "Fresh", from: ArrayCardRows(rows: rows), moveChunkCards: 1)
        let fresh = try await Cards.inTopic(on: store, topicID: newTopic.id)
        #expect(fresh.map(\.clozeNumber) == [1, 1, 2, 2, 3])
        #expect(fresh.map(\.position) == [1, 2, 3, 4, 5])
        #expect(freshSummary.cardsStored == 2 && freshSummary.clozeSiblingsStored == 3)
    }
}
