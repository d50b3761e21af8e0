import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// A learner's bookmarks: idempotent, per learner, newest first, gone with their card.
struct BookmarkTests {
    @Test func bookmarksArePerLearnerIdempotentNewestFirstAndGoWithTheirCard() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let rome = try await Topics.ensure(on: store, named: "Rome")
        let greece = try await Topics.ensure(on: store, named: "Greece")
        var made: [Int64] = []
        for (topic, number) in [(rome, 1), (rome, 2), (greece, 3)] {
            let added = try await store.addCard(
                NewCard(topicID: topic.id, kind: .question, question: "Q\(number)?", answer: "A", explanation: nil))
            made.append(added[0].card.id)
        }
        let ids = made
        let ana = try await Learners.ensure(on: store, named: "ana")
        let bo = try await Learners.ensure(on: store, named: "bo")
        let start = Fixtures.now.date()

        let first = try await CardBookmarks.set(on: store, cardID: ids[0], userID: ana.id, at: start)
        #expect(first == start)
        // Again, later: nothing changes, the first time stays.
        let again = try await CardBookmarks.set(
            on: store, cardID: ids[0], userID: ana.id, at: start.addingTimeInterval(60))
        #expect(again == start)
        for (offset, id) in [ids[2], ids[1]].enumerated() {
            try await CardBookmarks.set(
                on: store, cardID: id, userID: ana.id, at: start.addingTimeInterval(Double(offset + 1)))
        }
        let all = try await store.read { try await $0.bookmarks(userID: ana.id, topicID: nil, limit: 10) }
        #expect(all.map(\.details.card.id) == [ids[1], ids[2], ids[0]])
        #expect(all.last?.createdAt == start)
        #expect(try await store.read { try await $0.bookmarks(userID: ana.id, topicID: rome.id, limit: 10) }.count == 2)
        #expect(try await store.read { try await $0.bookmarks(userID: ana.id, topicID: nil, limit: 1) }.count == 1)
        #expect(try await store.read { try await $0.bookmarkCount(userID: ana.id, topicID: nil) } == 3)
        #expect(try await store.read { try await $0.bookmarkCount(userID: bo.id, topicID: nil) } == 0)

        // Removing is per learner; a second removal says there was none; an unknown card is an error.
        #expect(try await CardBookmarks.remove(on: store, cardID: ids[2], userID: bo.id) == false)
        #expect(try await CardBookmarks.remove(on: store, cardID: ids[2], userID: ana.id) == true)
        #expect(try await CardBookmarks.remove(on: store, cardID: ids[2], userID: ana.id) == false)
        await #expect(throws: StoreError.cardNotFound(id: 9999)) {
            try await CardBookmarks.set(on: store, cardID: 9999, userID: ana.id, at: start)
        }

        // A deleted card takes its bookmarks along.
        try await store.deleteCards(ids: [ids[0]])
        #expect(
            try await store.read { try await $0.bookmarks(userID: ana.id, topicID: nil, limit: 10) }.map(
                \.details.card.id)
                == [ids[1]])
    }
}
