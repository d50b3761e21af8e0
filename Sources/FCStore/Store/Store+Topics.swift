package import FCCore
import Foundation

/// Topics by name and their listing (``TopicRepository``; creating one by name is FCPipeline's `Topics.ensure`).
extension Database {
    /// The topic with this name, ignoring case (ASCII letters, as SQLite's NOCASE collation folds them).
    ///
    /// Leading and trailing whitespace is ignored. Returns `nil` when there is no such topic.
    package func topic(named name: String) async throws -> Topic? {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { return nil }
        return try await fetchTopic(named: name)
    }

    /// The topic named `name` (trimmed, non-empty), inserted when missing; call inside a write transaction, so a
    /// topic created for an import or a first batch commits, or rolls back, together with its cards.
    ///
    /// - Returns: the topic, and whether this call created it.
    package func insertTopicIfMissing(named name: String, createdAt: Int64) async throws -> (
        topic: Topic, created: Bool
    ) {
        try await connection.withQuery(
            "INSERT INTO topics (name, created_at) VALUES (\(name), \(createdAt)) ON CONFLICT (name) DO NOTHING",
            operation: "create topic"
        ) { statement in
            try await statement.run()
        }
        if await connection.changes == 1 {
            let id = await connection.lastInsertRowID
            return (Topic(id: id, name: name, createdAt: Date(unixMilliseconds: createdAt)), true)
        }
        // Another connection created it before this transaction took the write lock.
        guard let existing = try await fetchTopic(named: name) else {
            throw StoreError.sqlite(
                path: connection.path, operation: "create topic", code: 0,
                message: "topic missing after a conflicting insert")
        }
        return (existing, false)
    }

    /// Every topic with its card and batch counts, sorted by name (ignoring case).
    package func topicSummaries() async throws -> [TopicSummary] {
        try await connection.withStatement(
            """
            SELECT t.id, t.name,
                (SELECT COUNT(*) FROM cards c WHERE c.topic_id = t.id),
                (SELECT COUNT(*) FROM batches b WHERE b.topic_id = t.id),
                (SELECT MAX(b.created_at) FROM batches b WHERE b.topic_id = t.id)
            FROM topics t
            WHERE t.import_staging_id IS NULL
            ORDER BY t.name, t.id
            """,
            operation: "list topics"
        ) { statement in
            var summaries: [TopicSummary] = []
            while try await statement.step() {
                summaries.append(
                    TopicSummary(
                        id: statement.int64(at: 0),
                        name: statement.string(at: 1),
                        cardCount: statement.int(at: 2),
                        batchCount: statement.int(at: 3),
                        lastBatchAt: statement.optionalInt64(at: 4).map(Date.init(unixMilliseconds:))
                    ))
            }
            return summaries
        }
    }

    /// Looks a trimmed, non-empty name up; `name`'s NOCASE collation makes the comparison case-insensitive.
    private func fetchTopic(named name: String) async throws -> Topic? {
        try await connection.withQuery(
            "SELECT id, name, created_at FROM topics WHERE name = \(name) AND import_staging_id IS NULL",
            operation: "find topic"
        ) { statement in
            guard try await statement.step() else { return nil }
            return Topic(
                id: statement.int64(at: 0),
                name: statement.string(at: 1),
                createdAt: Date(unixMilliseconds: statement.int64(at: 2)))
        }
    }
}
