import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// A generated batch's image queries and found pictures (with their credits) are stored with its cards, in the
/// batch's transaction, and a picture goes with the last card that shows it.
struct CardPictureStorageTests {
    static func picture(_ seed: UInt8, credited: Bool = true) -> CardPicture {
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, seed, seed]
        return CardPicture(
            image: NewImage(
                hash: String(repeating: String(format: "%02x", seed), count: 32), mimeType: "image/png",
                bytes: bytes),
            credit: credited
                ? ImageCredit(
                    provider: "unsplash", authorName: "Ada \(seed)", authorURL: "https://unsplash.example/@ada",
                    photoURL: "https://unsplash.example/photos/\(seed)") : nil)
    }

    @Test func aBatchStoresQueriesPicturesAndCreditsAndCardShowReadsThem() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        var drafts = Fixtures.drafts(3)
        drafts[0].imageQuery = "Capitoline wolf statue"
        drafts[1].imageQuery = "Roman forum ruins"
        var batch = Fixtures.batch(topicID: topic.id, number: 1, cards: drafts)
        batch.pictures = [0: Self.picture(1), 1: Self.picture(2, credited: false)]

        let stored = try await BatchStorage.store(on: store, batch)

        #expect(stored.cards.map(\.imageQuery) == ["Capitoline wolf statue", "Roman forum ruins", nil])
        #expect(
            try await Cards.inTopic(on: store, topicID: topic.id).map(\.imageQuery) == stored.cards.map(\.imageQuery))
        let first = try await Cards.details(on: store, id: stored.cards[0].id)
        #expect(first.card.imageQuery == "Capitoline wolf statue")
        #expect(first.image?.hash == Self.picture(1).image.hash && first.image?.mimeType == "image/png")
        #expect(first.image?.byteCount == 10)
        #expect(first.image?.credit == Self.picture(1).credit)
        let second = try await Cards.details(on: store, id: stored.cards[1].id)
        #expect(second.image?.hash == Self.picture(2).image.hash && second.image?.credit == nil)
        #expect(try await Cards.details(on: store, id: stored.cards[2].id).image == nil)
        #expect(
            try await StoredImages.bytes(on: store, hash: Self.picture(1).image.hash)?.bytes
                == Self.picture(1).image.bytes)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM image_credits") == 1)

        // The picture's last card deleted: the image and its credit go too.
        try await store.deleteCards(ids: [stored.cards[0].id])
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM images") == 1)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM image_credits") == 0)
    }

    @Test func aSkippedDuplicateLeavesItsPictureUnstored() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(1)))
        var batch = Fixtures.batch(topicID: topic.id, number: 2, cards: Fixtures.drafts(2))
        batch.pictures = [0: Self.picture(3), 1: Self.picture(4)]

        let stored = try await BatchStorage.store(on: store, batch)

        #expect(stored.skippedDuplicates == 1 && stored.cards.count == 1)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM images") == 1)
        #expect(try await store.scalarText("SELECT hash FROM images") == Self.picture(4).image.hash)
        #expect(try await store.scalarText("SELECT hash FROM image_credits") == Self.picture(4).image.hash)
    }

    @Test func aFailedBatchStoresNoPicture() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(1)))
        var batch = Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(2, prefix: "New"))
        batch.pictures = [0: Self.picture(5)]

        await #expect(throws: StoreError.self) { try await BatchStorage.store(on: store, batch) }

        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM images") == 0)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM image_credits") == 0)
    }
}
