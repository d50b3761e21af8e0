import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// `Store.copy(to:)` (`fcgen db copy`): a whole store moved between engines in one verified transaction.
struct DatabaseCopyTests {
    @Test func aStoreGoesToPostgreSQLAndBackWithTheSameRowsAndChecksums() async throws {
        let files = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: files.path, cards: 6)
        try await world.review(world.cards[0])
        try await world.review(world.cards[1], rating: 3)
        let url = try await Self.freshDatabase()

        let there = try await world.store.copy(to: try await Store.open(path: url, now: Fixtures.now))
        let back = try await Store.open(path: files.path(named: "back.sqlite"), now: Fixtures.now)
        let again = try await Store.open(path: url, now: Fixtures.now).copy(to: back)

        #expect(there == again)
        #expect(there.tables.first { $0.name == "cards" }?.rows == 6)
        #expect(there.tables.first { $0.name == "reviews" }?.rows == 2)
        #expect(try await back.reviewLog(userID: world.user.id, cardID: world.cards[1].id).map(\.rating) == [3])
        // Ids continue after the copied ones on PostgreSQL: a new batch and its cards get fresh ids.
        let copied = try await Store.open(path: url, now: Fixtures.now)
        let stored = try await BatchStorage.store(
            on: copied, Fixtures.batch(topicID: world.topic.id, number: 2, cards: Fixtures.drafts(2, prefix: "More")))
        #expect(stored.cards.map(\.id) == [7, 8])
    }

    @Test func aTargetWithRowsIsRefusedAndKeepsThem() async throws {
        let files = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: files.path, cards: 3)
        let other = await TemporaryDatabase.make()
        let target = try await Store.open(path: other.path, now: Fixtures.now)
        _ = try await Topics.ensure(on: target, named: "Mine")

        await #expect(throws: StoreError.copyTargetNotEmpty(target: other.path, table: "topics")) {
            _ = try await world.store.copy(to: target)
        }
        #expect(try await Topics.summaries(on: target).map(\.name) == ["Mine"])
        #expect(try await target.scalarInteger("SELECT COUNT(*) FROM cards") == 0)
    }

    @Test func everyTableOfTheSchemaIsCopied() async throws {
        let store = try await Store.open(path: await TemporaryDatabase.make().path, now: Fixtures.now)
        let tables = try await store.scalarText(
            "SELECT group_concat(name, ',') FROM (SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name)")
        let schema = Set((tables ?? "").split(separator: ",").map(String.init)).subtracting(["schema_migrations"])
        #expect(schema == Set(Store.copiedTables).union(Store.uncopiedTables))
        #expect(Set(Store.copiedTables).isDisjoint(with: Store.uncopiedTables))
    }

    /// A new, empty database on the test cluster, as a URL.
    private static func freshDatabase() async throws -> String {
        let main = try PostgresTestCluster.target()
        let name = "fcgen_copy_\(UInt64.random(in: 0...UInt64.max))"
        try await PostgresTestCluster.administer(main, "CREATE DATABASE \(name)")
        return "postgres://\(main.user)@\(main.host ?? "127.0.0.1"):\(main.port)/\(name)"
    }
}
