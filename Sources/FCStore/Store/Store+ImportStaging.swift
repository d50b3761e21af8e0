import FCCore
import Foundation

/// The staging tables of an import (`import_stagings`, `import_staged_cards`, `import_staged_images`) and the
/// `INSERT … SELECT`s that move staged rows into `cards` and `images` (``ImportRepository``; the use case is
/// `ImportCards`, FCPipeline).
extension Database {
    package func insertStaging(at time: Int64) async throws -> Int64 {
        try await connection.runQuery(
            "INSERT INTO import_stagings (started_at, touched_at) VALUES (\(time), \(time))", operation: "start import")
        return await connection.lastInsertRowID
    }

    package func touchStaging(_ id: Int64, at time: Int64) async throws {
        try await connection.runQuery(
            "UPDATE import_stagings SET touched_at = \(time) WHERE id = \(id)", operation: "touch import")
    }

    package func markStagingMoved(_ id: Int64, at time: Int64) async throws {
        try await connection.runQuery(
            "UPDATE import_stagings SET moved_at = \(time), touched_at = \(time) WHERE id = \(id)",
            operation: "import (move)")
    }

    package func insertStagedCard(_ card: StagedCard) async throws -> Bool {
        let choices = try CardChoicesColumn.encode(card.choices)
        try await connection.runQuery(
            """
            INSERT INTO import_staged_cards (staging_id, seq, kind, question, answer, explanation, image_ref,
                dedup_key, twin_of, choices_json)
            VALUES (\(card.stagingID), \(card.seq), \(card.kind.rawValue), \(card.question), \(card.answer),
                \(card.explanation), \(card.imageRef), \(card.dedupKey), \(card.twinOf), \(choices))
            ON CONFLICT (staging_id, dedup_key) DO NOTHING
            """,
            operation: "stage imported card")
        return await connection.changes == 1
    }

    package func topicHasCard(topicID: Int64, dedupKey: String) async throws -> Bool {
        try await connection.withQuery(
            "SELECT 1 FROM cards WHERE topic_id = \(topicID) AND dedup_key = \(dedupKey)",
            operation: "stage imported card"
        ) { statement in
            return try await statement.step()
        }
    }

    package func insertStagedImage(_ image: NewImage, stagingID: Int64) async throws {
        try await connection.runQuery(
            """
            INSERT INTO import_staged_images (staging_id, hash, mime, bytes, size) VALUES (\(stagingID), \(image.hash),
                \(image.mimeType), \(bytes: image.bytes), \(image.bytes.count))
            ON CONFLICT (staging_id, hash) DO NOTHING
            """,
            operation: "stage imported picture")
    }

    package func beginSavepoint(_ name: String) async throws {
        try await connection.execute("SAVEPOINT \(name)", operation: "import (begin)")
    }

    package func endSavepoint(_ name: String, rollingBack: Bool) async throws {
        try await connection.execute(
            rollingBack ? "ROLLBACK TO \(name); RELEASE \(name)" : "RELEASE \(name)", operation: "import (end)")
    }

    package func deleteStagedCards(stagingID: Int64, alreadyIn topicID: Int64) async throws -> Int {
        try await connection.runQuery(
            """
            DELETE FROM import_staged_cards
            WHERE staging_id = \(stagingID)
                AND (EXISTS (SELECT 1 FROM cards c WHERE c.topic_id = \(topicID)
                        AND c.dedup_key = import_staged_cards.dedup_key)
                    OR (import_staged_cards.twin_of IS NOT NULL
                        AND EXISTS (SELECT 1 FROM cards c WHERE c.topic_id = \(topicID)
                            AND c.dedup_key = import_staged_cards.twin_of)))
            """,
            operation: "import (move)")
        return await connection.changes
    }

    package func insertStagedImages(stagingID: Int64, seqs: ClosedRange<Int64>?, createdAt: Int64) async throws {
        let range: StoreQuery = seqs.map { "AND s.seq BETWEEN \($0.lowerBound) AND \($0.upperBound)" } ?? ""
        try await connection.runQuery(
            """
            INSERT INTO images (hash, mime, bytes, size, created_at)
            SELECT i.hash, i.mime, i.bytes, i.size, CAST(\(createdAt) AS BIGINT) FROM import_staged_images i
            WHERE i.staging_id = \(stagingID)
                AND EXISTS (SELECT 1 FROM import_staged_cards s WHERE s.staging_id = \(stagingID) AND s.image_ref =
                    i.hash \(range))
            ON CONFLICT (hash) DO NOTHING
            """,
            operation: "import (move pictures)")
    }

    /// Staging numbers the cards 1, 2, 3, … (`seq`), so while none was dropped a card's position is the deck's last
    /// plus its `seq` (``StagedMove/Numbering/seq``): one pass over the staged rows (330k cards: 1.3 s here, against
    /// 2.0 s numbering them again with `ROW_NUMBER()`, ``StagedMove/Numbering/rank``). Cards go in `seq` order, so
    /// each twin lands right after its original.
    package func insertStagedCards(_ move: StagedMove) async throws -> Int {
        let reverseOf = move.twins ? "o.id" : "CAST(NULL AS BIGINT)"
        let join: StoreQuery =
            move.twins ? "JOIN cards o ON o.topic_id = CAST(\(move.topicID) AS BIGINT) AND o.dedup_key = r.twin_of" : ""
        let rows: StoreQuery =
            switch move.numbering {
            case .seq: "import_staged_cards AS r"
            case .rank:
                """
                (
                    SELECT s.*, ROW_NUMBER() OVER (ORDER BY s.seq) AS n FROM import_staged_cards s
                    WHERE s.staging_id = \(move.stagingID)
                ) AS r
                """
            }
        let range: StoreQuery = move.seqs.map { "AND r.seq BETWEEN \($0.lowerBound) AND \($0.upperBound)" } ?? ""
        try await connection.runQuery(
            """
            INSERT INTO cards (topic_id, origin, created_at, updated_at, kind, question, answer, explanation,
                reverse_of, dedup_key, position, image_ref, choices_json)
            SELECT CAST(\(move.topicID) AS BIGINT), CAST(\(move.origin.rawValue) AS TEXT), CAST(\(move.time) AS BIGINT),
                CAST(\(move.time) AS BIGINT), r.kind, r.question, r.answer, r.explanation, \(raw: reverseOf), r.dedup_key,
                CAST(\(move.position) AS BIGINT) + r.\(raw: move.numbering == .seq ? "seq" : "n"), r.image_ref,
                r.choices_json
            FROM \(rows) \(join)
            WHERE r.staging_id = \(move.stagingID) \(range) AND r.twin_of IS \(raw: move.twins ? "NOT NULL" : "NULL")
            ORDER BY r.seq
            """,
            operation: move.twins ? "import (move twins)" : "import (move cards)")
        return await connection.changes
    }

    package func deleteStagedCards(stagingID: Int64, limit: Int) async throws -> Int {
        try await connection.runQuery(
            """
            DELETE FROM import_staged_cards WHERE staging_id = \(stagingID) AND seq IN (
                SELECT seq FROM import_staged_cards WHERE staging_id = \(stagingID) ORDER BY seq LIMIT \(limit))
            """,
            operation: "import (clean up)")
        return await connection.changes
    }

    package func deleteStaging(id: Int64) async throws {
        for query: StoreQuery in [
            "DELETE FROM import_staged_images WHERE staging_id = \(id)",
            "DELETE FROM import_staged_cards WHERE staging_id = \(id)",
            "DELETE FROM import_stagings WHERE id = \(id)",
        ] {
            try await connection.runQuery(query, operation: "import (clean up)")
        }
    }

    package func stagings(touchedBefore cutoff: Int64) async throws -> [Int64] {
        try await connection.rows(
            "SELECT id FROM import_stagings WHERE touched_at < \(cutoff) ORDER BY id", operation: "find stale imports"
        ) { statement in statement.int64(at: 0) }
    }

    package func topicExists(id: Int64) async throws -> Bool {
        try await connection.withQuery(
            "SELECT 1 FROM topics WHERE id = \(id) AND import_staging_id IS NULL", operation: "find topic"
        ) { statement in
            return try await statement.step()
        }
    }
}
