package import FCCore
import Foundation

extension Database {
    /// Imports rows into the topic named `name` in ONE `BEGIN IMMEDIATE` transaction, creating the topic in that
    /// same transaction when it is new: a refused import or a dry run leaves no empty topic behind.
    ///
    /// - Returns: the topic (as it is, or would be, stored) and what was imported.
    /// - Throws: ``StoreError/invalidTopicName``, whatever `source` throws (the import is rolled back), or a
    ///   ``StoreError``.
    package func importCards(
        topicNamed name: String, origin: CardOrigin = .imported, from source: some CardRowSource, dryRun: Bool = false
    ) throws -> (topic: Topic, summary: ImportSummary) {
        let name = TopicNameRule.trimmed(name)
        if let problem = TopicNameRule.problem(with: name) { throw StoreError.invalidTopicName(problem: problem) }
        var topic: Topic?
        let summary = try importCards(origin: origin, from: source, dryRun: dryRun) { createdAt, summary in
            let found = try insertTopicIfMissing(named: name, createdAt: createdAt)
            summary.topicCreated = found.created
            topic = found.topic
            return found.topic.id
        }
        guard let topic else { throw StoreError.invalidTopicName(problem: "was not created") }
        return (topic, summary)
    }

    /// Imports rows into an existing topic in ONE `BEGIN IMMEDIATE` transaction, pulling them from `source` as it
    /// goes.
    ///
    /// Cards go to the end of the deck in row order, each reversed row followed by its twin. A card whose question
    /// the topic already has (or an earlier row had) is skipped and counted; a skipped card's twin is skipped too.
    /// One prepared statement is reused for every card, and text is bound from its UTF-8 storage (about 1.5 × faster
    /// than binding a `String`, measured).
    ///
    /// - Parameters:
    ///   - dryRun: do everything, then roll back: the summary says what an import would store.
    /// - Throws: ``StoreError/topicNotFound(topicID:)``, whatever `source` throws (the import is rolled back), or a
    ///   ``StoreError``.
    package func importCards(
        topicID: Int64, origin: CardOrigin = .imported, from source: some CardRowSource, dryRun: Bool = false
    ) throws -> ImportSummary {
        try importCards(origin: origin, from: source, dryRun: dryRun) { _, _ in
            guard try topicExists(id: topicID) else { throw StoreError.topicNotFound(topicID: topicID) }
            return topicID
        }
    }

    /// The import transaction; `resolveTopic` runs first inside it and names the topic's id.
    private func importCards(
        origin: CardOrigin, from source: some CardRowSource, dryRun: Bool,
        resolveTopic: (Int64, inout ImportSummary) throws -> Int64
    ) throws -> ImportSummary {
        var source = source
        let now = now().unixMilliseconds
        // A savepoint inside the store's write transaction, so that a dry run can undo everything and still
        // return its summary.
        try connection.execute("SAVEPOINT import", operation: "import (begin)")
        do {
            var summary = ImportSummary()
            summary.isDryRun = dryRun
            let topicID = try resolveTopic(now, &summary)
            var writer = ImportWriter(topicID: topicID, firstPosition: try lastCardPosition(topicID: topicID))
            try connection.withStatement(
                """
                INSERT INTO cards (topic_id, origin, created_at, updated_at, kind, question, answer, explanation,
                    reverse_of, dedup_key, position, image_ref, choices_json)
                VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
                ON CONFLICT (topic_id, dedup_key) DO NOTHING
                """,
                operation: "import card"
            ) { statement in
                try statement.bind(topicID, at: 1)
                try statement.bind(origin.rawValue, at: 2)
                try statement.bind(now, at: 3)
                while let row = try source.next() {
                    summary.rows += 1
                    if let image = row.image {
                        try insertImage(image, createdAt: now)
                        writer.storedImages = true
                    }
                    let id = try writer.insert(row, twin: false, statement: statement, in: connection, &summary)
                    guard row.isReversed else { continue }
                    guard let id else {
                        summary.duplicatesSkipped += 1
                        continue
                    }
                    if try writer.insert(row, twin: true, reverseOf: id, statement: statement, in: connection, &summary)
                        != nil
                    {
                        summary.twinsStored += 1
                    }
                }
            }
            // A picture whose card was a duplicate is not kept.
            if writer.storedImages { try deleteUnusedImages() }
            try source.finish(summary)
            try connection.execute(
                dryRun ? "ROLLBACK TO import; RELEASE import" : "RELEASE import", operation: "import (end)")
            return summary
        } catch {
            try? connection.execute("ROLLBACK TO import; RELEASE import", operation: "import (undo)")
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

/// Binds and inserts one imported card (or its twin) with the import's reused statement, keeping positions.
private struct ImportWriter {
    let topicID: Int64
    var position: Int
    var storedImages = false

    init(topicID: Int64, firstPosition: Int) {
        self.topicID = topicID
        self.position = firstPosition
    }

    /// - Returns: the new card's id, or `nil` when the topic already has its question (counted in `summary`).
    mutating func insert(
        _ row: ImportedCard, twin: Bool, reverseOf: Int64? = nil, statement: any SQLStatement,
        in connection: any SQLConnection,
        _ summary: inout ImportSummary
    ) throws -> Int64? {
        // A twin asks the answer and has no picture, as a twin made by `card add --reverse`.
        let question = twin ? row.answer : row.question
        let imageHash = twin ? nil : row.image?.hash
        try statement.bind(row.kind.rawValue, at: 4)
        try statement.bind(question, at: 5)
        try statement.bind(twin ? row.question : row.answer, at: 6)
        try statement.bind(row.explanation, at: 7)
        try statement.bind(reverseOf, at: 8)
        try statement.bind(NewCard.dedupKey(question: question, imageHash: imageHash), at: 9)
        try statement.bind(position + 1, at: 10)
        try statement.bind(imageHash, at: 11)
        try statement.bind(try CardChoicesColumn.encode(twin ? nil : row.choices), at: 12)
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
}

extension Store {
    package func importCards(
        topicNamed name: String, origin: CardOrigin = .imported, from source: some CardRowSource, dryRun: Bool = false
    ) async throws -> (topic: Topic, summary: ImportSummary) {
        try await write("import cards") {
            try $0.importCards(topicNamed: name, origin: origin, from: source, dryRun: dryRun)
        }
    }

    package func importCards(
        topicID: Int64, origin: CardOrigin = .imported, from source: some CardRowSource, dryRun: Bool = false
    ) async throws -> ImportSummary {
        try await write("import cards") {
            try $0.importCards(topicID: topicID, origin: origin, from: source, dryRun: dryRun)
        }
    }
}
