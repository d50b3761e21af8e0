import FCCore
package import Foundation

/// Benchmark and test support: filling a database with a million learning states fast, and reading query plans.
///
/// Not for application code: the rows bypass the pipeline (no batch, no dedup normalisation, states the scheduler
/// never computed). `fcgen-bench` uses it to build its "next due" database in seconds rather than minutes.
extension Database {
    /// What ``seedLearningCards(topicID:userID:count:firstDue:dueStep:level:)`` inserted.
    package struct SeededCards: Sendable {
        /// The first and last inserted card id (the ids are consecutive).
        package var cardIDs: ClosedRange<Int64>
    }

    /// Inserts `count` cards into the topic and a learning-phase state for each, for the learner, in ONE
    /// `BEGIN IMMEDIATE` transaction: two `INSERT … SELECT` statements over a recursive counter, so SQLite
    /// generates the rows itself (no per-row round trip through Swift).
    ///
    /// Card `i` (0-based) is due at `firstDue + i × dueStep`; every state has the given `level`, and is in
    /// learning (phase 1, step 0) at level 0, in review (phase 2) above.
    package func seedLearningCards(
        topicID: Int64, userID: Int64, count: Int, firstDue: Date, dueStep: TimeInterval, level: Int = 0
    ) async throws -> Database.SeededCards {
        precondition(count > 0, "seed at least one card")
        let created = now().unixMilliseconds
        return try await connection.immediateTransaction("seed learning cards") {
            let firstPosition =
                try await connection.withQuery(
                    "SELECT COALESCE(MAX(position), 0) + 1 FROM cards WHERE topic_id = \(topicID)",
                    operation: "seed: position"
                ) { statement in
                    return try await statement.step() ? statement.int64(at: 0) : 1
                }
            let firstID = try await connection.withStatement(
                "SELECT COALESCE(MAX(id), 0) + 1 FROM cards", operation: "seed: first id"
            ) { statement in try await statement.step() ? statement.int64(at: 0) : 1 }
            try await connection.withQuery(
                """
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < \(count))
                INSERT INTO cards (id, topic_id, kind, question, answer, origin, dedup_key, position, created_at,
                    updated_at)
                SELECT \(firstID) + i, \(topicID), 'question', 'Seeded question ' || (\(firstID) + i), 'Seeded answer '
                    || (\(firstID) + i), 'manual',
                    'seeded ' || (\(firstID) + i), \(firstPosition) + i, \(created), \(created)
                FROM n
                """,
                operation: "seed cards"
            ) { statement in
                try await statement.run()
            }
            try await connection.withQuery(
                """
                INSERT INTO card_states (user_id, card_id, algorithm, phase, step, stability, difficulty, due,
                    last_review, reps, lapses, level)
                SELECT \(userID), c.id, 'badger', CASE WHEN \(level) = 0 THEN 1 ELSE 2 END, CASE WHEN \(level) = 0 THEN
                    0 END, 1.0, 0.4,
                    \(firstDue.unixMilliseconds) + (c.id - \(firstID)) * \(Int64((dueStep * 1000).rounded())),
                        \(created), 1, 0, \(level)
                FROM cards c WHERE c.id BETWEEN \(firstID) AND \(firstID) + \(count) - 1
                """,
                operation: "seed card states"
            ) { statement in
                try await statement.run()
            }
            return SeededCards(cardIDs: firstID...(firstID + Int64(count) - 1))
        }
    }

    /// `EXPLAIN QUERY PLAN` of `sql`, one line per step (the `detail` column), for benchmarks and tests that
    /// prove a query uses an index. Parameters stay unbound (NULL), which does not change the plan's shape.
    package func queryPlan(_ sql: String) async throws -> [String] {
        let statement = try connection.prepare("EXPLAIN QUERY PLAN \(sql)", operation: "query plan")
        var lines: [String] = []
        while try await statement.step() { lines.append(statement.string(at: 3)) }
        return lines
    }

    /// The SQL of ``dueCandidates(userID:topicIDs:until:limit:)``, for ``queryPlan(_:)``.
    package static var dueCandidatesSQL: String {
        dueCandidatesQuery(
            .sqlite, userID: 0, topicIDs: nil, until: Date(), limit: 10, includeFallback: false, now: Date()
        ).sql
    }
    /// The new-cards query of one topic on SQLite, for its query plan.
    package static var newCardsOfOneTopicSQL: String {
        newCardsQuery(.sqlite, userID: 0, topicIDs: [1], limit: 10, includeFallback: false, now: Date()).sql
    }
}

extension Store {
    package func seedLearningCards(
        topicID: Int64, userID: Int64, count: Int, firstDue: Date, dueStep: TimeInterval, level: Int = 0
    ) async throws -> Database.SeededCards {
        try await write("seed learning cards") {
            try await $0.seedLearningCards(
                topicID: topicID, userID: userID, count: count, firstDue: firstDue, dueStep: dueStep, level: level)
        }
    }

    package func queryPlan(_ sql: String) async throws -> [String] {
        try await read { try await $0.queryPlan(sql) }
    }
}

extension Database {
    /// Runs SQL statements inside one `BEGIN IMMEDIATE` transaction. For benchmarks and tests that need bulk data
    /// (a million past reviews) faster than the repository operations write it; never for application code.
    package func executeInTransaction(_ sql: String) async throws {
        try await connection.immediateTransaction("bulk SQL") {
            try await connection.execute(sql, operation: "bulk SQL")
        }
    }
}

extension Store {
    /// Runs `sql` in one write transaction (``Database/executeInTransaction(_:)``): benchmarks and tests only.
    package func executeInTransaction(_ sql: String) async throws {
        try await write("execute in transaction") { try await $0.executeInTransaction(sql) }
    }
}
