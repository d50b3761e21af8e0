package import FCCore
import Foundation

extension Store {
    /// Imports rows into a topic in ONE `BEGIN IMMEDIATE` transaction, pulling them from `source` as it goes.
    ///
    /// Cards go to the end of the deck in row order, each reversed row followed by its twin. A card whose question
    /// the topic already has (or an earlier row had) is skipped and counted; a skipped card's twin is skipped too.
    /// One prepared statement is reused for every card, and text is bound from its UTF-8 storage (about 1.5 × faster than binding a `String`, measured).
    ///
    /// - Parameters:
    ///   - dryRun: do everything, then roll back: the summary says what an import would store.
    /// - Throws: whatever `source` throws (the import is rolled back), or a ``StoreError``.
    package func importCards(
        topicID: Int64, origin: CardOrigin = .imported, from source: some CardRowSource, dryRun: Bool = false
    ) throws -> ImportSummary {
        var source = source
        let now = now().unixMilliseconds
        try connection.withStatement("BEGIN IMMEDIATE", operation: "import (begin)") { try $0.run() }
        do {
            guard try topicExists(id: topicID) else { throw StoreError.topicNotFound(topicID: topicID) }
            let firstPosition = try lastCardPosition(topicID: topicID)
            let summary = try connection.withStatement(
                """
                INSERT INTO cards (topic_id, origin, created_at, updated_at, kind, question, answer, explanation,
                    reverse_of, dedup_key, position)
                VALUES (?1, ?2, ?3, ?3, 'question', ?4, ?5, ?6, ?7, ?8, ?9)
                ON CONFLICT (topic_id, dedup_key) DO NOTHING
                """,
                operation: "import card"
            ) { statement in
                try statement.bind(topicID, at: 1)
                try statement.bind(origin.rawValue, at: 2)
                try statement.bind(now, at: 3)
                var summary = ImportSummary()
                summary.isDryRun = dryRun
                var position = firstPosition
                func insert(_ question: String, _ answer: String, _ explanation: String?, reverseOf: Int64?) throws
                    -> Int64?
                {
                    try statement.bind(question, at: 4)
                    try statement.bind(answer, at: 5)
                    try statement.bind(explanation, at: 6)
                    try statement.bind(reverseOf, at: 7)
                    try statement.bind(DedupKey.make(question), at: 8)
                    try statement.bind(position + 1, at: 9)
                    try statement.run()
                    statement.reset()
                    guard connection.changes == 1 else {
                        summary.duplicatesSkipped += 1
                        return nil
                    }
                    position += 1
                    summary.cardsStored += 1
                    return connection.lastInsertRowID
                }
                while let row = try source.next() {
                    summary.rows += 1
                    let id = try insert(row.question, row.answer, row.explanation, reverseOf: nil)
                    guard row.isReversed else { continue }
                    guard let id else {
                        summary.duplicatesSkipped += 1
                        continue
                    }
                    if try insert(row.answer, row.question, row.explanation, reverseOf: id) != nil {
                        summary.twinsStored += 1
                    }
                }
                return summary
            }
            try source.finish(summary)
            let end = dryRun ? "ROLLBACK" : "COMMIT"
            try connection.withStatement(end, operation: "import (\(end.lowercased()))") { try $0.run() }
            return summary
        } catch {
            connection.rollback()
            throw error
        }
    }

    private func topicExists(id: Int64) throws -> Bool {
        try connection.withStatement("SELECT 1 FROM topics WHERE id = ?", operation: "find topic") { statement in
            try statement.bind(id, at: 1)
            return try statement.step()
        }
    }
}
