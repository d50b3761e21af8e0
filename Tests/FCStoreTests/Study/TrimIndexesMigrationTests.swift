import FCCore
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Migration 6 drops the unused `card_states_user_due`, merges the two card-first review indexes into one, and
/// keeps the indexes the queries use (today's list, with the one migration 19 adds).
struct TrimIndexesMigrationTests {
    @Test func unusedIndexesAreGoneAndTheQueriedOnesStay() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        #expect(try await store.schemaVersion() >= 6)
        let indexes = try await store.scalarText(
            "SELECT group_concat(name, ',') FROM (SELECT name FROM sqlite_master WHERE type = 'index'"
                + " AND tbl_name = 'card_states' AND name NOT LIKE 'sqlite_%' ORDER BY name)")
        #expect(indexes == "card_states_card,card_states_user_level_due")
        let reviewIndexes = try await store.scalarText(
            "SELECT group_concat(name, ',') FROM (SELECT name FROM sqlite_master WHERE type = 'index'"
                + " AND tbl_name = 'reviews' ORDER BY name)")
        // Migration 19 adds the recall window's `reviews_user_topic_time` (ReviewTopicsMigrationTests); migration 21
        // drops `reviews_user_time`, which it made redundant (ReviewTimeIndexMigrationTests).
        #expect(reviewIndexes == "reviews_card_user_time,reviews_session,reviews_user_topic_time")
        let cardLog = try await store.queryPlan(
            "SELECT rating, reviewed_at FROM reviews WHERE user_id = 1 AND card_id = 2 ORDER BY reviewed_at, id")
        #expect(cardLog.contains { $0.contains("reviews_card_user_time (card_id=? AND user_id=?)") })
    }
}
