import FCCore

extension Database {
    /// Where a card came from, or `nil` for a card not made from a source.
    package func cardSource(cardID: Int64) async throws -> CardSource? {
        try await connection.withQuery(
            """
            SELECT s.id, s.file_name, s.format, s.sha256, c.section_index, c.section_title, c.start_offset,
                c.end_offset, c.page
            FROM card_sources c JOIN sources s ON s.id = c.source_id WHERE c.card_id = \(cardID)
            """,
            operation: "read card source"
        ) { statement in
            guard try await statement.step() else { return nil }
            return CardSource(
                sourceID: statement.int64(at: 0), fileName: statement.string(at: 1), format: statement.string(at: 2),
                sha256: statement.string(at: 3), section: statement.int(at: 4), sectionTitle: statement.string(at: 5),
                start: statement.int(at: 6), end: statement.int(at: 7), page: statement.optionalInt(at: 8))
        }
    }

    package func insertSource(_ source: NewSource, topicID: Int64, at: Int64) async throws -> Int64 {
        try await connection.withQuery(
            """
            INSERT INTO sources (topic_id, file_name, format, sha256, byte_count, section_count, created_at)
            VALUES (\(topicID), \(source.fileName), \(source.format), \(source.sha256), \(source.byteCount),
                \(source.sectionCount), \(at))
            """,
            operation: "insert source"
        ) { statement in
            try await statement.run()
            return await connection.lastInsertRowID
        }
    }

    package func insertCardSources(_ cardIDs: [Int64], sourceID: Int64, section: SectionProvenance) async throws {
        guard !cardIDs.isEmpty else { return }
        for id in cardIDs {
            try await connection.runQuery(
                """
                INSERT INTO card_sources (card_id, source_id, section_index, section_title, start_offset, end_offset,
                    page)
                VALUES (\(id), \(sourceID), \(section.index), \(section.title), \(section.start), \(section.end),
                    \(section.page))
                """,
                operation: "insert card source")
        }
    }
}

extension Store {
    package func cardSource(cardID: Int64) async throws -> CardSource? {
        try await read { try await $0.cardSource(cardID: cardID) }
    }
}
