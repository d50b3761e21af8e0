import FCStore
import Foundation
import Synchronization
import Testing

/// The PostgreSQL job claim (`FOR UPDATE SKIP LOCKED`) under concurrent claimers.
struct PostgresJobClaimTests {
    private static let jobCount = 40

    @Test func twoConcurrentClaimersNeverGetTheSameJob() async throws {
        let databaseTarget = try await PostgresTestCluster.withFreshDatabase { connection, target in
            try PostgresMigrator().migrate(connection, appliedAt: 0)
            try connection.execute(
                """
                INSERT INTO topics (name, created_at) SELECT 'topic ' || n, 0 FROM generate_series(1, \(Self.jobCount)) n;
                INSERT INTO jobs (topic_id, max_attempts, run_after, created_at, updated_at)
                    SELECT id, 3, id, 0, 0 FROM topics
                """,
                operation: "seed jobs")
            // The claimers below work on this database while it still exists (it is dropped after this closure).
            let claims = try Self.claimConcurrently(target: target)
            return (claims, target.description)
        }
        let (claims, _) = databaseTarget
        let all = claims.flatMap { $0 }
        #expect(all.count == Self.jobCount)
        #expect(Set(all).count == Self.jobCount)
        // Both claimers got work: they really ran side by side.
        #expect(claims.allSatisfy { !$0.isEmpty })
    }

    /// Two threads, each with its own connection, claim until nothing is due; returns each one's job ids.
    private static func claimConcurrently(target: PostgresTarget) throws -> [[Int64]] {
        let results = Locked<[[Int64]]>([])
        let failures = Locked<[String]>([])
        let start = DispatchSemaphore(value: 0)
        // Claimers that have their first job: each waits for the other's first claim before going on, so a thread the
        // machine schedules late still meets the other one rather than finding every job taken.
        let begun = Locked(0)
        let group = DispatchGroup()
        for worker in 0..<2 {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                do {
                    let connection = try PostgresSQLConnection.connect(to: target)
                    defer { connection.close() }
                    start.wait()
                    var mine: [Int64] = []
                    while let id = try claim(connection, owner: "worker-\(worker)") {
                        mine.append(id)
                        if mine.count == 1 {
                            begun.withLock { $0 += 1 }
                            let deadline = Date().addingTimeInterval(30)
                            while begun.withLock({ $0 }) < 2 && Date() < deadline { usleep(1_000) }
                        }
                    }
                    results.withLock { $0.append(mine) }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            thread.start()
        }
        start.signal()
        start.signal()
        group.wait()
        let problems = failures.withLock { $0 }
        if !problems.isEmpty { throw StoreError.invalidPolicy(problems.joined(separator: "; ")) }
        return results.withLock { $0 }
    }

    /// One claim in its own transaction, held open briefly so the other claimer meets the row lock.
    private static func claim(_ connection: PostgresSQLConnection, owner: String) throws -> Int64? {
        try connection.immediateTransaction("claim job") {
            let id = try connection.withStatement(SQLDialect.postgres.claimNextJob, operation: "claim job") {
                statement -> Int64? in
                try statement.bind(owner, at: 1)
                try statement.bind(Int64(1_000_000), at: 2)
                try statement.bind(Int64(1_000), at: 3)
                return try statement.step() ? statement.int64(at: 0) : nil
            }
            if id != nil { usleep(2_000) }
            return id
        }
    }
}

/// A value shared by threads, behind a lock (a class, so escaping closures can capture it).
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func withLock<T: Sendable>(_ body: (inout Value) -> T) -> T { mutex.withLock { body(&$0) } }
}
