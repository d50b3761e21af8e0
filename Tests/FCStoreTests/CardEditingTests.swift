import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

struct CardEditingTests {
    private func positions(_ store: Store, _ topicID: Int64) async throws -> [Int] {
        try await Cards.inTopic(on: store, topicID: topicID).map(\.position)
    }

    @Test func addsACardWithItsLinkedTwin() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Algebra")
        let added = try await store.addCard(
            NewCard(
                topicID: topic.id, kind: .math, question: "Solve $x^2=4$", answer: "$x=\\pm 2$",
                explanation: "roots", withTwin: true))
        #expect(added.count == 2)
        #expect(added[0].twinID == added[1].card.id)
        #expect(added[1].reverseOf == added[0].card.id)
        #expect(added[1].card.question == "$x=\\pm 2$")
        #expect(added.map(\.card.origin) == [.manual, .manual])

        await #expect(
            throws: StoreError.duplicateQuestion(topicID: topic.id, existingCardID: added[0].card.id, side: "card")
        ) {
            _ = try await store.addCard(
                NewCard(
                    topicID: topic.id, kind: .question, question: "solve  $X^2=4$?", answer: "other", explanation: nil))
        }
        #expect(try await Cards.inTopic(on: store, topicID: topic.id).count == 2)
    }

    @Test func editsATwinOnlyWhenAsked() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "T")
        let added = try await store.addCard(
            NewCard(topicID: topic.id, kind: .question, question: "Q", answer: "A", explanation: nil, withTwin: true))
        let id = added[0].card.id
        let alone = try await store.updateCard(
            id: id, to: CardUpdate(kind: .question, question: "Q", answer: "B", explanation: nil), alsoTwin: false)
        #expect(!alone.twinUpdated)
        #expect(alone.twin?.card.question == "A")
        let both = try await store.updateCard(
            id: id, to: CardUpdate(kind: .question, question: "Q", answer: "B", explanation: "E"), alsoTwin: true)
        #expect(both.twinUpdated)
        #expect(both.twin?.card.question == "B" && both.twin?.card.answer == "Q" && both.twin?.card.explanation == "E")
    }

    @Test func keepsPositionsContiguousOnMoveAndDelete() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "T")
        var ids: [Int64] = []
        for index in 1...5 {
            ids += try await store.addCard(
                NewCard(topicID: topic.id, kind: .question, question: "Q\(index)", answer: "A", explanation: nil)
            ).map(\.card.id)
        }
        _ = try await store.moveCard(id: ids[4], to: 1)
        #expect(
            try await Cards.inTopic(on: store, topicID: topic.id).map(\.question) == ["Q5", "Q1", "Q2", "Q3", "Q4"])
        _ = try await store.moveCard(id: ids[4], to: 4)
        #expect(
            try await Cards.inTopic(on: store, topicID: topic.id).map(\.question) == ["Q1", "Q2", "Q3", "Q5", "Q4"])
        await #expect(throws: StoreError.positionOutOfRange(position: 6, count: 5)) {
            _ = try await store.moveCard(id: ids[0], to: 6)
        }
        try await store.deleteCards(ids: [ids[1], ids[3]])
        #expect(try await Cards.inTopic(on: store, topicID: topic.id).map(\.question) == ["Q1", "Q3", "Q5"])
        #expect(try await positions(store, topic.id) == [1, 2, 3])
        await #expect(throws: StoreError.cardNotFound(id: 999)) { try await store.deleteCards(ids: [ids[0], 999]) }
        #expect(try await Cards.inTopic(on: store, topicID: topic.id).count == 3)
    }

    @Test func storesAnImageOnceAndDropsItWithItsLastCard() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Flags")
        let image = NewImage(hash: "abc", mimeType: "image/png", bytes: [0x89, 0x50, 0x4E, 0x47])
        let first = try await store.addCard(
            NewCard(topicID: topic.id, kind: .image, question: "", answer: "France", explanation: nil, image: image))
        let second = try await store.addCard(
            NewCard(
                topicID: topic.id, kind: .question, question: "Which flag?", answer: "F", explanation: nil, image: image
            ))
        // Two image-only cards with different pictures are not duplicates of each other.
        _ = try await store.addCard(
            NewCard(
                topicID: topic.id, kind: .image, question: "", answer: "Italy", explanation: nil,
                image: NewImage(hash: "def", mimeType: "image/gif", bytes: [0x47])))
        #expect(first[0].image == CardImageInfo(hash: "abc", mimeType: "image/png", byteCount: 4))
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM images") == 2)
        try await store.deleteCards(ids: [first[0].card.id])
        #expect(try await StoredImages.bytes(on: store, hash: "abc")?.bytes == [0x89, 0x50, 0x4E, 0x47])
        try await store.deleteCards(ids: [second[0].card.id])
        #expect(try await StoredImages.bytes(on: store, hash: "abc") == nil)
    }

    @Test func deletesATopicOnlyWithForce() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Roman history")
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(3)))
        try await Topics.setPolicy(on: store, TopicPolicy(refillBelow: 10, batchSize: 5), topicID: topic.id)
        _ = try await RefillJobs.enqueueDue(on: store, maxAttempts: 3)
        await #expect(throws: StoreError.topicHasCards(name: "Roman history", cards: 3)) {
            _ = try await Topics.delete(on: store, id: topic.id, force: false)
        }
        let deletion = try await Topics.delete(on: store, id: topic.id, force: true)
        #expect(deletion.cards == 3 && deletion.batches == 1 && deletion.jobs == 1)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 0)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM jobs") == 0)
        #expect(try await Topics.named(on: store, "Roman history") == nil)
    }

    @Test func renamesAndStylesTopics() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "algebra")
        _ = try await Topics.ensure(on: store, named: "Geometry")
        #expect(try await Topics.rename(on: store, id: topic.id, to: "Algebra").name == "Algebra")
        await #expect(throws: StoreError.topicNameTaken("geometry")) {
            _ = try await Topics.rename(on: store, id: topic.id, to: "geometry")
        }
        try await Topics.setAppearance(on: store, TopicAppearance(color: "#112233", icon: "∑"), topicID: topic.id)
        #expect(
            try await Topics.appearance(on: store, topicID: topic.id) == TopicAppearance(color: "#112233", icon: "∑"))
    }
}
