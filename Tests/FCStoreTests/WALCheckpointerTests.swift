import FCStore
import FCTestSupport
import Foundation
import Testing

/// The store's checkpointer copies the log back into the database file off the writer and keeps it from growing:
/// small limits, a few hundred writes of ≈ 3 pages each, and the log file (which SQLite reuses from its start, never
/// shrinks) stays far below what the writes added up to.
struct WALCheckpointerTests {
    /// 600 writes of an 8,000-byte row: ≈ 1,800 frames (≈ 7 MB) through a log that starts over many times.
    private static func writeRows(_ store: Store, count: Int) async throws {
        try await store.executeInTransaction("CREATE TABLE scratch (id INTEGER PRIMARY KEY, payload BLOB)")
        for _ in 0..<count {
            try await store.executeInTransaction("INSERT INTO scratch (payload) VALUES (randomblob(8000))")
        }
    }

    private static func logSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int) ?? 0
    }

    @Test func theBackgroundCopiesTheLogAndTheWriterOnlyFinishesIt() async throws {
        let database = await TemporaryDatabase.make()
        let limits = WALCheckpointer.Limits(soft: 64, finish: 32, hard: 100_000, step: 8)
        do {
            let store = try await Store.open(path: database.path, now: Fixtures.now, checkpoints: limits)
            try await Self.writeRows(store, count: 600)
            let counts = try #require(store.checkpointCounts)
            #expect(counts.background > 0, "\(counts)")
            #expect(counts.onWriter > 0, "the writer copies what the background left, so the log starts over")
            // Each write puts at least 3 frames in the log (the row's leaf and 2 overflow pages, 4,096 bytes and a
            // 24-byte header each): a log that never started over would hold them all. How far below that it
            // stays depends on when a loaded machine runs the background thread, so that is not asserted.
            #expect(
                Self.logSize(database.path) < 600 * 3 * (4_096 + 24),
                "the log started over: \(Self.logSize(database.path))")
            #expect(try await store.integrityCheck() == "ok")
        }
        let reopened = try await Store.open(path: database.path, now: Fixtures.now)
        #expect(try await reopened.scalarInteger("SELECT COUNT(*) FROM scratch") == 600)
    }

    @Test func pastTheHardLimitTheWriterCheckpointsItself() async throws {
        let database = await TemporaryDatabase.make()
        let limits = WALCheckpointer.Limits(soft: 1_000_000, finish: 32, hard: 64, step: 8)
        let store = try await Store.open(path: database.path, now: Fixtures.now, checkpoints: limits)
        try await Self.writeRows(store, count: 300)
        let counts = try #require(store.checkpointCounts)
        #expect(counts.background == 0 && counts.onWriter > 0, "\(counts)")
        #expect(Self.logSize(database.path) < 1_000_000, "the log started over: \(Self.logSize(database.path))")
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM scratch") == 300)
    }

    @Test func anInMemoryStoreHasNoCheckpointer() async throws {
        let store = try await Store.open(path: ":memory:", now: Fixtures.now)
        #expect(store.checkpointCounts == nil)
    }
}
