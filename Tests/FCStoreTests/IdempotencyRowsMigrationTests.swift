import FCCore
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Migration 20 turns `idempotency_keys` into a rowid table with a unique `(user_id, key)` index: every stored key
/// and response is kept, and a key is still unique per learner.
struct IdempotencyRowsMigrationTests {
    @Test func keepsEveryKeyAndStillRefusesADuplicate() async throws {
        let database = await TemporaryDatabase.make(empty: true)
        do {
            let old = try await Store.open(
                path: database.path, now: Fixtures.now, migrations: Array(Migration.all.prefix(19)))
            try await old.executeInTransaction(
                """
                INSERT INTO users (id, name, created_at) VALUES (1, 'Ana', 0), (2, 'Ben', 0);
                INSERT INTO idempotency_keys (user_id, key, request_hash, status, response, created_at)
                VALUES (1, 'k1', 'h1', 201, '{"a":1}', 10), (1, 'k2', 'h2', 201, '{"a":2}', 20),
                    (2, 'k1', 'h3', 201, '{"b":1}', 30);
                """)
        }
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        #expect(try await store.schemaVersion() == Migration.latestVersion)
        let table = try await store.scalarText("SELECT sql FROM sqlite_master WHERE name = 'idempotency_keys'") ?? ""
        #expect(!table.uppercased().contains("WITHOUT ROWID"), "\(table)")
        #expect(
            try await store.scalarText(
                "SELECT group_concat(user_id || ':' || key || ':' || request_hash || ':' || response || ':' || created_at, ' ') FROM (SELECT * FROM idempotency_keys ORDER BY user_id, key)"
            ) == #"1:k1:h1:{"a":1}:10 1:k2:h2:{"a":2}:20 2:k1:h3:{"b":1}:30"#)
        await #expect(throws: StoreError.self) {
            try await store.executeInTransaction(
                """
                INSERT INTO idempotency_keys (user_id, key, request_hash, status, response, created_at)
                VALUES (1, 'k1', 'other', 201, '{}', 40)
                """)
        }
        let plan = try await store.queryPlan("SELECT response FROM idempotency_keys WHERE user_id = 1 AND key = 'k1'")
        #expect(plan.contains { $0.contains("idempotency_keys_user_key") }, "\(plan)")
        #expect(try await store.integrityCheck() == "ok")
    }
}
