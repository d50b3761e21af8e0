import FCCore
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Migration 19 (`reviews.topic_id`) over a version-18 database with reviews in two topics: each review gets its
/// card's topic, and the recall window counts them by it.
struct ReviewTopicsMigrationTests {
    @Test func fillsEachReviewsTopicFromItsCard() async throws {
        let database = await TemporaryDatabase.make(empty: true)
        do {
            let old = try await Store.open(
                path: database.path, now: Fixtures.now, migrations: Array(Migration.all.prefix(18)))
            try await old.executeInTransaction(
                """
                INSERT INTO users (id, name, created_at) VALUES (1, 'Ana', 0);
                INSERT INTO topics (id, name, created_at) VALUES (1, 'Rome', 0), (2, 'Nile', 0);
                INSERT INTO cards (id, topic_id, kind, question, answer, origin, dedup_key, position, created_at,
                    updated_at)
                VALUES (1, 1, 'question', 'Q1', 'A', 'manual', 'q1', 1, 0, 0),
                    (2, 2, 'question', 'Q2', 'A', 'manual', 'q2', 1, 0, 0);
                INSERT INTO reviews (user_id, card_id, rating, reviewed_at, scheduled_days, algorithm)
                VALUES (1, 1, 2, 1000, 1, 'badger'), (1, 2, 0, 2000, 1, 'badger'), (1, 1, 0, 3000, 1, 'badger');
                """)
            #expect(try await old.schemaVersion() == 18)
        }
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        #expect(try await store.schemaVersion() == Migration.latestVersion)
        #expect(try await store.scalarText("SELECT name FROM schema_migrations WHERE version = 19") == "review topics")
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM reviews WHERE topic_id = 1") == 2)
        #expect(
            try await store.scalarInteger(
                "SELECT COUNT(*) FROM reviews r JOIN cards c ON c.id = r.card_id WHERE r.topic_id = c.topic_id") == 3)
        let later = Date(timeIntervalSince1970: 10)
        #expect(
            try await store.recentRecall(userID: 1, topicID: 1, before: later, window: 50)
                == RecallSample(reviews: 2, passed: 1))
        #expect(
            try await store.recentRecall(userID: 1, topicID: 2, before: later, window: 50)
                == RecallSample(reviews: 1, passed: 0))
        #expect(try await store.integrityCheck() == "ok")
    }
}
