import FCCore
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Migration 6 drops the unused `card_states_user_due` and keeps the indexes the queries use.
struct TrimIndexesMigrationTests {
    @Test func theUnusedDueIndexIsGoneAndTheQueueIndexStays() async throws {
        let database = TemporaryDatabase()
        let store = try Store(path: database.path, now: Fixtures.now)
        #expect(try await store.schemaVersion() == 6)
        let indexes = try await store.scalarText(
            "SELECT group_concat(name, ',') FROM (SELECT name FROM sqlite_master WHERE type = 'index'"
                + " AND tbl_name = 'card_states' AND name NOT LIKE 'sqlite_%' ORDER BY name)")
        #expect(indexes == "card_states_card,card_states_user_level_due")
    }
}
