import Synchronization
import Testing

@testable import FCStore

/// A PostgreSQL store's connections, lent by postgres-nio's `PostgresClient` (``PostgresClientPool``): what the
/// server prepared stays known across leases of one connection, more tasks than connections all get theirs in
/// turn, a cancelled task still gets one, and a closed pool lends nothing.
struct PostgresClientPoolTests {
    @Test func aStatementPreparedOnALentConnectionIsKnownToItsNextBorrower() async throws {
        let (first, second, onServer) = try await PostgresTestCluster.withFreshDatabase { _, target in
            let pool = PostgresClientPool(target: target, size: 1)
            let sql = "SELECT $1 + 1"
            func prepared() async throws -> Int {
                try await pool.run { connection in
                    try await connection.withServerPreparedStatement(sql, operation: "add") { statement in
                        try statement.bind(41, at: 1)
                        _ = try await statement.step()
                        #expect(statement.int(at: 0) == 42)
                    }
                    return connection.serverPreparations
                }
            }
            let first = try await prepared()
            let second = try await prepared()
            // The server's own view of the session: one named statement, not one per lease.
            let onServer = try await pool.run { connection in
                try await connection.withStatement(
                    "SELECT COUNT(*) FROM pg_prepared_statements", operation: "count"
                ) { statement in
                    _ = try await statement.step()
                    return statement.int(at: 0)
                }
            }
            await pool.closeAndWait()
            return (first, second, onServer)
        }
        #expect(first == 1)
        #expect(second == 1, "the second lease of the one connection runs what the first prepared")
        #expect(onServer == 1)
    }

    @Test func moreTasksThanConnectionsEachGetOneInTurn() async throws {
        let (lent, mostAtOnce) = try await PostgresTestCluster.withFreshDatabase { _, target in
            let pool = PostgresClientPool(target: target, size: 2)
            let atOnce = Borrowers()
            let lent = try await withThrowingTaskGroup(of: Int.self) { group in
                for n in 1...12 {
                    group.addTask {
                        try await pool.run { connection in
                            atOnce.counts.withLock { counts in
                                counts.now += 1
                                counts.most = max(counts.most, counts.now)
                            }
                            defer { atOnce.counts.withLock { $0.now -= 1 } }
                            return try await connection.withStatement("SELECT $1", operation: "echo") { statement in
                                try statement.bind(n, at: 1)
                                _ = try await statement.step()
                                return statement.int(at: 0)
                            }
                        }
                    }
                }
                return try await group.reduce(0, +)
            }
            await pool.closeAndWait()
            return (lent, atOnce.counts.withLock { $0.most })
        }
        #expect(lent == (1...12).reduce(0, +))
        #expect(mostAtOnce <= 2, "never more borrowers than connections")
    }

    @Test func aCancelledTaskStillGetsItsConnection() async throws {
        let value = try await PostgresTestCluster.withFreshDatabase { _, target in
            let pool = PostgresClientPool(target: target, size: 1)
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await pool.run { connection in
                    try await connection.withStatement("SELECT 7", operation: "seven") { statement in
                        _ = try await statement.step()
                        return statement.int(at: 0)
                    }
                }
            }
            let value = try await task.value
            await pool.closeAndWait()
            return value
        }
        #expect(value == 7)
    }

    @Test func aClosedPoolSaysTheStoreIsClosed() async throws {
        let failure = try await PostgresTestCluster.withFreshDatabase { _, target in
            let pool = PostgresClientPool(target: target, size: 1)
            await pool.closeAndWait()
            do {
                try await pool.run { _ in }
                return "lent"
            } catch let error as StoreError {
                return "\(error)"
            }
        }
        #expect(failure.contains("closed"), "\(failure)")
    }
}

/// How many tasks hold a connection now, and the most that ever did at once.
private final class Borrowers: Sendable {
    let counts = Mutex((now: 0, most: 0))
}
