import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Migration 25 over a version-24 SQLite database: each cloze card keeps its id, state and reviews for its lowest
/// deletion number and gains a new card per further number (PostgreSQL: `PostgresClozeMigrationTests`, from the same
/// rows, ``ClozeVersion24Seed``).
struct ClozeSiblingsMigrationTests {
    @Test func aVersion24DatabaseGainsOneCardPerFurtherDeletionNumber() async throws {
        let database = await TemporaryDatabase.make(empty: true)
        #expect(try await ClozeVersion24Seed.seedSQLite(path: database.path) == 24)
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        #expect(try await store.schemaVersion() == Migration.latestVersion)
        #expect(try await store.scalarText("SELECT name FROM schema_migrations WHERE version = 25") == "cloze siblings")
        // Card 1 keeps c1 (its lowest number); c2 and c3 are new cards at the deck's end, in number order.
        #expect(
            try await ClozeSiblingsTests.layout(store, 1) == [
                "note c1 @1", "note c- @2", "note c2 @3", "of 1 c2 @4", "of 1 c3 @5",
            ])
        #expect(try await ClozeSiblingsTests.layout(store, 2) == ["note c1 @1", "of 4 c12 @2"])
        let siblings = try await Cards.inTopic(on: store, topicID: 1).filter { $0.clozeOf == 1 }
        #expect(
            siblings.allSatisfy {
                $0.question == "{{c1::Romulus}} founded Rome in {{c3::753 BC::year}}; {{C2::Remus}} {{c1::x}}."
            })
        #expect(siblings.map(\.dedupKey) == ["k1\u{1F}cloze:2", "k1\u{1F}cloze:3"])
        #expect(siblings.map(\.createdAt) == [Date(timeIntervalSince1970: 0.01), Date(timeIntervalSince1970: 0.01)])
        // The state and the review stay with card 1: the siblings are new.
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM card_states") == 1)
        #expect(try await store.scalarInteger("SELECT card_id FROM card_states") == 1)
        #expect(try await store.scalarInteger("SELECT card_id FROM reviews") == 1)
        let summary = try #require(
            try await StudyReads.topicSummaries(on: store, userID: 1, until: Fixtures.date, topicIDs: [1]).first)
        #expect(summary.cardCount == 5 && summary.studiedCount == 1 && summary.newCount == 4)

        // Faces: each sibling hides its own number only.
        let faces = siblings.map { CardFaces($0, seed: 0) }
        #expect(
            faces.map(\.question) == [
                "Romulus founded Rome in 753 BC; [...] x.", "Romulus founded Rome in [year]; Remus x.",
            ])
        #expect(faces.allSatisfy { $0.answer == "Romulus founded Rome in 753 BC; Remus x." })
        #expect(faces.map(\.clozeNumber) == [2, 3])
        let note = try await Cards.card(on: store, id: 1)
        #expect(CardFaces(note, seed: 0).question == "[...] founded Rome in 753 BC; Remus [...].")
        #expect(try await store.integrityCheck() == "ok")
    }
}
