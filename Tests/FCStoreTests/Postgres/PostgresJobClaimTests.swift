import Foundation
import Synchronization
import Testing

@testable import FCStore

/// The PostgreSQL job claim (`FOR UPDATE SKIP LOCKED`) under concurrent claimers.
struct PostgresJobClaimTests {
    private static let jobCount = 40

    @Test func twoConcurrentClaimersNeverGetTheSameJob() async throws {
        let databaseTarget = try await PostgresTestCluster.withFreshDatabase { connection, target in
            try await Migrator.postgres.migrate(connection, appliedAt: 0)
            try await connection.execute(
                """
                INSERT INTO topics (name, created_at) SELECT 'topic ' || n, 0 FROM generate_series(1, \(Self.jobCount)) n;
                INSERT INTO jobs (topic_id, max_attempts, run_after, created_at, updated_at)
                    SELECT id, 3, id, 0, 0 FROM topics
                """,
                operation: "seed jobs")
            // The claimers below work on this database while it still exists (it is dropped after this closure).
            let claims = try await Self.claimConcurrently(target: target)
            return (claims, target.description)
        }
        let (claims, _) = databaseTarget
        let all = claims.flatMap { $0 }
        #expect(all.count == Self.jobCount)
        #expect(Set(all).count == Self.jobCount)
        // Both claimers got work: they really ran side by side.
        #expect(claims.allSatisfy { !$0.isEmpty })
    }

    /// Two tasks, each with its own connection, claim until nothing is due; returns each one's job ids.
    private static func claimConcurrently(target: PostgresTarget) async throws -> [[Int64]] {
        // Claimers that have their first job: each waits for the other's first claim before going on, so a task the
        // machine schedules late still meets the other one rather than finding every job taken.
        let begun = Rendezvous(parties: 2)
        return try await withThrowingTaskGroup(of: [Int64].self) { group in
            for worker in 0..<2 {
                group.addTask {
                    let connection = try await PostgresSQLConnection.connect(to: target)
                    var mine: [Int64] = []
                    do {
                        while let id = try await claim(connection, owner: "worker-\(worker)") {
                            mine.append(id)
                            if mine.count == 1 { await begun.arrive() }
                        }
                    } catch {
                        await connection.close()
                        throw error
                    }
                    // A claimer that found nothing at all still lets the other go on.
                    if mine.isEmpty { await begun.arrive() }
                    await connection.close()
                    return mine
                }
            }
            var all: [[Int64]] = []
            for try await mine in group { all.append(mine) }
            return all
        }
    }

    /// One claim in its own transaction, held open briefly so the other claimer meets the row lock.
    private static func claim(_ connection: PostgresSQLConnection, owner: String) async throws -> Int64? {
        try await connection.immediateTransaction("claim job") {
            let id = try await connection.withQuery(
                SQLDialect.postgres.claimNextJob(owner: owner, leaseEnd: 1_000_000, now: 1_000), operation: "claim job"
            ) { statement -> Int64? in
                try await statement.step() ? statement.int64(at: 0) : nil
            }
            if id != nil { try await Task.sleep(for: .milliseconds(2)) }
            return id
        }
    }
}

/// Waits until `parties` tasks have arrived, then lets them all go on.
actor Rendezvous {
    private let parties: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(parties: Int) { self.parties = parties }

    func arrive() async {
        arrived += 1
        if arrived >= parties {
            for waiter in waiting { waiter.resume() }
            waiting = []
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}

/// A value shared by threads, behind a lock (a class, so escaping closures can capture it).
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func withLock<T: Sendable>(_ body: (inout Value) -> T) -> T { mutex.withLock { body(&$0) } }
}
