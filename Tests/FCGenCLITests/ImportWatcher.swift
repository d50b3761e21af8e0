import CSQLite
import Foundation

/// Watches a running import's database from a thread of its own and freezes the importer (`SIGSTOP`) the moment a
/// count reaches a threshold, so a test can look at the state it froze and then kill it.
///
/// Polling from a task is not enough on a busy 2-core machine: with every suite running in parallel, a task can
/// wait seconds for a cooperative thread, and an import that moves its last chunks meanwhile finishes before the
/// kill lands. A dedicated thread with its own read-only connection sees the count within milliseconds, and the
/// stopped process changes nothing more.
enum ImportWatcher {
    /// What the watch saw: the last count, and whether the threshold was reached (the process is stopped then).
    struct Sighting: Sendable {
        let count: Int64
        let reached: Bool
    }

    /// Polls `countSQL` (one integer) on the database at `path` every `interval` until it reaches `threshold` or
    /// `limit` passes; on reaching it, sends `SIGSTOP` to `pid` from the watching thread.
    static func stop(
        pid: Int32, when countSQL: String, reaches threshold: Int64, in path: String, within limit: Duration,
        every interval: Duration
    ) async -> Sighting {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: watch(
                        pid: pid, countSQL: countSQL, threshold: threshold, path: path, limit: limit,
                        interval: interval))
            }
            thread.start()
        }
    }

    /// One integer from `sql` on a fresh read-only connection to `path` (nil when the file cannot be read yet).
    static func integer(_ sql: String, in path: String) -> Int64? {
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return nil }
        sqlite3_busy_timeout(db, 5_000)
        return integer(sql, on: db)
    }

    private static func watch(
        pid: Int32, countSQL: String, threshold: Int64, path: String, limit: Duration, interval: Duration
    ) -> Sighting {
        let deadline = ContinuousClock.now + limit
        let pause = UInt32(interval.components.attoseconds / 1_000_000_000_000)
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        var seen: Int64 = 0
        while ContinuousClock.now < deadline {
            if db == nil, sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK {
                sqlite3_busy_timeout(db, 5_000)
            }
            if let db, let count = integer(countSQL, on: db) {
                seen = count
                if count >= threshold {
                    kill(pid, SIGSTOP)
                    return Sighting(count: count, reached: true)
                }
            }
            usleep(pause)
        }
        return Sighting(count: seen, reached: false)
    }

    private static func integer(_ sql: String, on db: OpaquePointer?) -> Int64? {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK,
            sqlite3_step(statement) == SQLITE_ROW
        else { return nil }
        return sqlite3_column_int64(statement, 0)
    }
}
