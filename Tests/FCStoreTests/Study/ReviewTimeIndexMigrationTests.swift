import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Migration 21 drops `reviews_user_time` over a version-20 database: the learner's history (the calendar's range,
/// the statistics' log in time order) still answers the same, from the topic index's entries of the learner.
struct ReviewTimeIndexMigrationTests {
    @Test func historyReadsAnswerTheSameFromTheTopicIndex() async throws {
        let database = await TemporaryDatabase.make(empty: true)
        do {
            let old = try await Store.open(
                path: database.path, now: Fixtures.now, migrations: Array(Migration.all.prefix(20)))
            try await old.executeInTransaction(
                """
                INSERT INTO users (id, name, created_at) VALUES (1, 'Ana', 0), (2, 'Ben', 0);
                INSERT INTO topics (id, name, created_at) VALUES (1, 'Rome', 0), (2, 'Nile', 0);
                INSERT INTO cards (id, topic_id, kind, question, answer, origin, dedup_key, position, created_at,
                    updated_at)
                VALUES (1, 1, 'question', 'Q1', 'A', 'manual', 'q1', 1, 0, 0),
                    (2, 2, 'question', 'Q2', 'A', 'manual', 'q2', 1, 0, 0);
                INSERT INTO reviews (user_id, card_id, topic_id, rating, reviewed_at, duration_ms, elapsed_days,
                    scheduled_days, algorithm)
                VALUES (1, 1, 1, 2, 3000, 900, NULL, 1, 'badger'), (1, 2, 2, 0, 1000, NULL, NULL, 1, 'badger'),
                    (1, 1, 1, 0, 5000, 700, 0, 1, 'badger'), (2, 1, 1, 3, 2000, 100, NULL, 1, 'badger'),
                    (1, 2, 2, 3, 9000, 800, 0, 1, 'badger');
                """)
            #expect(try await old.schemaVersion() == 20)
        }
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        #expect(try await store.schemaVersion() == Migration.latestVersion)
        #expect(
            try await store.scalarText("SELECT name FROM schema_migrations WHERE version = 21") == "review time index")
        #expect(
            try await store.scalarInteger(
                "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'reviews_user_time'") == 0)

        // The calendar's range: Ana's reviews in [1000, 6000), of both topics, none of Ben's.
        let range = try await store.reviewActivity(
            userID: 1, from: Date(timeIntervalSince1970: 1), to: Date(timeIntervalSince1970: 6))
        #expect(range.map { Self.milliseconds($0.reviewedAt) }.sorted() == [1000, 3000, 5000])
        #expect(range.filter { $0.isFirstReview }.count == 2)
        let rangePlan = try await store.queryPlan(
            """
            SELECT reviewed_at, duration_ms FROM reviews WHERE user_id = 1 AND reviewed_at >= 1000
                AND reviewed_at < 6000
            """)
        #expect(rangePlan == ["SEARCH reviews USING INDEX reviews_user_topic_time (user_id=?)"])

        // The statistics' log: oldest first across topics, and one topic's alone.
        let log = try await StudyReads.reviewEvents(on: store, userID: 1)
        #expect(log.map { Self.milliseconds($0.reviewedAt) } == [1000, 3000, 5000, 9000])
        #expect(log.map { $0.topicID } == [2, 1, 1, 2])
        let nile = try await StudyReads.reviewEvents(on: store, userID: 1, topicID: 2)
        #expect(nile.map { $0.rating } == [0, 3])
        #expect(try await store.integrityCheck() == "ok")
    }

    private static func milliseconds(_ date: Date) -> Int { Int((date.timeIntervalSince1970 * 1000).rounded()) }
}
