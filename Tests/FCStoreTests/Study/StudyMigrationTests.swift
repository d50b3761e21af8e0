import FCCore
import FCPipeline
import FCScheduler
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Migration 3 (users, card states, reviews, sessions) on a new database and over a version-2 one with data.
struct StudyMigrationTests {
    @Test func migratesAVersionTwoDatabaseWithDataKeepingEverything() async throws {
        let database = await TemporaryDatabase.make(empty: true)
        do {
            let old = try await Store.open(
                path: database.path, now: Fixtures.now, migrations: Array(Migration.all.prefix(2)))
            // As version 2 knew it: today's topic reads also look at columns later migrations added.
            _ = try await old.scalarInteger("INSERT INTO topics (id, name, created_at) VALUES (1, 'Rome', 0)")
            let topic = (id: Int64(1), name: "Rome")
            // Rows as version 2 knew them: today's batch writer also fills columns later migrations added.
            _ = try await old.scalarInteger(
                """
                INSERT INTO batches (id, topic_id, number, aspect, depth, provider, model, prompt_hash, outcome,
                    cards_kept, created_at)
                VALUES (1, \(topic.id), 1, 'aspect 1', 'intermediate', 'fixture', 'fixture-model', 'hash-1',
                    'repaired', 4, 0)
                """)
            for (index, draft) in Fixtures.drafts(4).enumerated() {
                _ = try await old.scalarInteger(
                    """
                    INSERT INTO cards (topic_id, batch_id, kind, question, answer, origin, dedup_key, position,
                        created_at, updated_at)
                    VALUES (\(topic.id), 1, 'question', '\(draft.question)', 'A', 'generated', '\(DedupKey.make(draft.question))',
                        \(index + 1), 0, 0)
                    """)
            }
            try await Topics.setPolicy(on: old, TopicPolicy(refillBelow: 10, batchSize: 5), topicID: topic.id)
            #expect(try await old.schemaVersion() == 2)
        }
        let store = try await Store.open(path: database.path, now: Fixtures.now)

        #expect(try await store.schemaVersion() == Migration.latestVersion)
        #expect(try await store.scalarText("SELECT name FROM schema_migrations WHERE version = 3") == "study")
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 4)
        let topic = try #require(try await Topics.named(on: store, "rome"))
        #expect(try await Topics.algorithm(on: store, topicID: topic.id) == .badger)
        #expect(try await Topics.policy(on: store, topicID: topic.id)?.refillBelow == 10)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM users") == 0)
        #expect(try await store.integrityCheck() == "ok")
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM pragma_foreign_key_check") == 0)
    }

    @Test func learnersAreCreatedOnFirstUseAndFoundIgnoringCase() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let local = try await Learners.ensure(on: store, named: User.defaultName)
        let ana = try await Learners.ensure(on: store, named: "Ana")

        #expect(try await Learners.ensure(on: store, named: "ANA").id == ana.id)
        #expect(local.id != ana.id)
        #expect(local.timeZone == nil)
        #expect(local.createdAt == Fixtures.date)
        try await Learners.setTimeZone(on: store, "Europe/Berlin", userID: ana.id)
        #expect(try await Learners.named(on: store, "ana")?.timeZone == "Europe/Berlin")
        await #expect(throws: StoreError.invalidUserName) { try await Learners.ensure(on: store, named: "  ") }
    }

    @Test func deletingACardOrTopicDeletesItsStatesAndReviews() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path, cards: 3)
        for card in world.cards { try await world.review(card) }
        #expect(try await world.store.scalarInteger("SELECT COUNT(*) FROM reviews") == 3)

        _ = try await world.store.scalarInteger("DELETE FROM cards WHERE id = \(world.cards[0].id)")
        #expect(try await world.store.scalarInteger("SELECT COUNT(*) FROM reviews") == 2)
        #expect(try await world.store.scalarInteger("SELECT COUNT(*) FROM card_states") == 2)

        _ = try await world.store.scalarInteger("DELETE FROM topics WHERE id = \(world.topic.id)")
        #expect(try await world.store.scalarInteger("SELECT COUNT(*) FROM reviews") == 0)
        #expect(try await world.store.scalarInteger("SELECT COUNT(*) FROM card_states") == 0)
        #expect(try await world.store.scalarInteger("SELECT COUNT(*) FROM users") == 1)
    }
}
