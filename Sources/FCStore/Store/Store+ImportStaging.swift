import FCCore
import Foundation

/// The staging tables of an import (`import_stagings`, `import_staged_cards`, `import_staged_images`) and the
/// one transaction that moves staged cards into `cards`. ``Store/importCards(topicID:origin:from:dryRun:chunkRows:)``
/// strings them together.
extension Database {
    /// Inserts a staging row for a new import and returns its handle.
    func beginStagedImport() async throws -> StagedImport {
        let now = now().unixMilliseconds
        try await connection.withQuery(
            "INSERT INTO import_stagings (started_at, touched_at) VALUES (\(now), \(now))", operation: "start import"
        ) { statement in
            try await statement.run()
        }
        return await StagedImport(id: connection.lastInsertRowID)
    }

    /// Stages one chunk of rows: each card (and a reversed row's twin) whose question the topic does not have yet
    /// and no earlier row of this import had; pictures beside them. Marks the staging touched.
    ///
    /// - Parameter topicID: the topic the cards go to, `nil` when it does not exist yet (nothing to skip then).
    func stageImportRows(
        _ rows: [ImportedCard], into staged: StagedImport, topicID: Int64?
    ) async throws -> StagedImport {
        var staged = staged
        for row in rows {
            staged.rows += 1
            staged.cardsAsked += row.isReversed ? 2 : 1
            if let image = row.image { try await stageImage(image, stagingID: staged.id) }
            let key = NewCard.dedupKey(question: row.question, imageHash: row.image?.hash)
            guard try await stageCard(row, twin: false, key: key, twinOf: nil, topicID: topicID, &staged)
            else { continue }
            guard row.isReversed else { continue }
            let twinKey = NewCard.dedupKey(question: row.answer, imageHash: nil)
            _ = try await stageCard(row, twin: true, key: twinKey, twinOf: key, topicID: topicID, &staged)
        }
        try await connection.withQuery(
            "UPDATE import_stagings SET touched_at = \(now().unixMilliseconds) WHERE id = \(staged.id)",
            operation: "stage imported card"
        ) { statement in
            try await statement.run()
        }
        return staged
    }

    /// - Returns: whether the card was staged (`false`: the topic or an earlier row has its question).
    private func stageCard(
        _ row: ImportedCard, twin: Bool, key: String, twinOf: String?, topicID: Int64?, _ staged: inout StagedImport
    ) async throws -> Bool {
        if let topicID, try await topicHasCard(topicID: topicID, dedupKey: key) { return false }
        // A twin asks the answer and has no picture, as a twin made by `card add --reverse`; a multiple-choice
        // card's options stay with the original.
        let question = twin ? row.answer : row.question
        let answer = twin ? row.question : row.answer
        let imageRef: String? = twin ? nil : row.image?.hash
        let choices = try CardChoicesColumn.encode(twin ? nil : row.choices)
        try await connection.runQuery(
            """
            INSERT INTO import_staged_cards (staging_id, seq, kind, question, answer, explanation, image_ref,
                dedup_key, twin_of, choices_json)
            VALUES (\(staged.id), \(staged.nextSeq), \(row.kind.rawValue), \(question), \(answer), \(row.explanation),
                \(imageRef), \(key), \(twinOf), \(choices))
            ON CONFLICT (staging_id, dedup_key) DO NOTHING
            """,
            operation: "stage imported card")
        guard await connection.changes == 1 else { return false }
        staged.nextSeq += 1
        if twin { staged.twins += 1 }
        return true
    }

    private func topicHasCard(topicID: Int64, dedupKey: String) async throws -> Bool {
        try await connection.withQuery(
            "SELECT 1 FROM cards WHERE topic_id = \(topicID) AND dedup_key = \(dedupKey)",
            operation: "stage imported card"
        ) { statement in
            return try await statement.step()
        }
    }

    private func stageImage(_ image: NewImage, stagingID: Int64) async throws {
        try await connection.withQuery(
            """
            INSERT INTO import_staged_images (staging_id, hash, mime, bytes, size) VALUES (\(stagingID), \(image.hash),
                \(image.mimeType), \(bytes: image.bytes), \(image.bytes.count))
            ON CONFLICT (staging_id, hash) DO NOTHING
            """,
            operation: "stage imported picture"
        ) { statement in
            try await statement.run()
        }
    }

    /// Moves a staging's cards into the topic `resolveTopic` names, with `INSERT … SELECT`, and marks the staging
    /// moved; call in one write transaction. A dry run does it all inside a savepoint and rolls that back.
    ///
    /// Staged cards whose question the topic gained since they were staged are dropped first (with the twins of
    /// dropped originals), so the move never meets the `(topic_id, dedup_key)` constraint.
    func moveStagedImport(
        _ staged: StagedImport, origin: CardOrigin, dryRun: Bool,
        resolveTopic: (Int64, inout ImportSummary) async throws -> Int64
    ) async throws -> ImportSummary {
        let now = now().unixMilliseconds
        try await connection.execute("SAVEPOINT import", operation: "import (begin)")
        do {
            var summary = ImportSummary()
            summary.isDryRun = dryRun
            summary.rows = staged.rows
            let topicID = try await resolveTopic(now, &summary)
            let dropped = try await dropStagedCardsTheTopicHas(stagingID: staged.id, topicID: topicID)
            let position = try await lastCardPosition(topicID: topicID)
            try await moveStagedImages(stagingID: staged.id, createdAt: now)
            var move = StagedMove(
                stagingID: staged.id, topicID: topicID, origin: origin, now: now, position: position,
                isNumbered: dropped == 0, twins: false)
            let originals = try await moveStagedCards(move)
            move.twins = true
            let twins = try await moveStagedCards(move)
            summary.clozeSiblingsStored = try await syncNewClozeNotes(topicID: topicID)
            summary.cardsStored = originals + twins
            summary.twinsStored = twins
            summary.duplicatesSkipped = staged.cardsAsked - summary.cardsStored
            try await connection.withQuery(
                "UPDATE import_stagings SET moved_at = \(now), touched_at = \(now) WHERE id = \(staged.id)",
                operation: "import (move)"
            ) { statement in
                try await statement.run()
            }
            try await connection.execute(
                dryRun ? "ROLLBACK TO import; RELEASE import" : "RELEASE import", operation: "import (end)")
            return summary
        } catch {
            try? await connection.execute("ROLLBACK TO import; RELEASE import", operation: "import (undo)")
            throw error
        }
    }

    /// - Returns: how many staged cards were dropped.
    private func dropStagedCardsTheTopicHas(stagingID: Int64, topicID: Int64) async throws -> Int {
        try await connection.withQuery(
            """
            DELETE FROM import_staged_cards
            WHERE staging_id = \(stagingID)
                AND (EXISTS (SELECT 1 FROM cards c WHERE c.topic_id = \(topicID)
                        AND c.dedup_key = import_staged_cards.dedup_key)
                    OR (import_staged_cards.twin_of IS NOT NULL
                        AND EXISTS (SELECT 1 FROM cards c WHERE c.topic_id = \(topicID)
                            AND c.dedup_key = import_staged_cards.twin_of)))
            """,
            operation: "import (move)"
        ) { statement in
            try await statement.run()
            return await connection.changes
        }
    }

    /// Pictures of staged cards that are still to be stored (a picture whose card was a duplicate is not kept).
    private func moveStagedImages(stagingID: Int64, createdAt: Int64) async throws {
        try await connection.withQuery(
            """
            INSERT INTO images (hash, mime, bytes, size, created_at)
            SELECT i.hash, i.mime, i.bytes, i.size, CAST(\(createdAt) AS BIGINT) FROM import_staged_images i
            WHERE i.staging_id = \(stagingID)
                AND EXISTS (SELECT 1 FROM import_staged_cards s WHERE s.staging_id = \(stagingID) AND s.image_ref =
                    i.hash)
            ON CONFLICT (hash) DO NOTHING
            """,
            operation: "import (move pictures)"
        ) { statement in
            try await statement.run()
        }
    }

    /// Inserts the staged originals (or twins, pointing at their originals) after `move.position`, in `seq`
    /// order, so each twin lands right after its original.
    ///
    /// Staging numbers the cards 1, 2, 3, … (`seq`), so while none was dropped a card's position is the deck's last
    /// plus its `seq`: one pass over the staged rows (330k cards: 1.3 s here, against 2.0 s numbering them again
    /// with `ROW_NUMBER()`, which the move falls back to after drops).
    ///
    /// - Returns: how many cards were inserted.
    private func moveStagedCards(_ move: StagedMove) async throws -> Int {
        let reverseOf = move.twins ? "o.id" : "CAST(NULL AS BIGINT)"
        let join: StoreQuery =
            move.twins ? "JOIN cards o ON o.topic_id = CAST(\(move.topicID) AS BIGINT) AND o.dedup_key = r.twin_of" : ""
        let rows: StoreQuery =
            move.isNumbered
            ? "import_staged_cards AS r"
            : """
            (
                SELECT s.*, ROW_NUMBER() OVER (ORDER BY s.seq) AS n FROM import_staged_cards s
                WHERE s.staging_id = \(move.stagingID)
            ) AS r
            """
        return try await connection.withQuery(
            """
            INSERT INTO cards (topic_id, origin, created_at, updated_at, kind, question, answer, explanation,
                reverse_of, dedup_key, position, image_ref, choices_json)
            SELECT CAST(\(move.topicID) AS BIGINT), CAST(\(move.origin.rawValue) AS TEXT), CAST(\(move.now) AS BIGINT),
                CAST(\(move.now) AS BIGINT), r.kind, r.question, r.answer, r.explanation, \(raw: reverseOf), r.dedup_key,
                CAST(\(move.position) AS BIGINT) + r.\(raw: move.isNumbered ? "seq" : "n"), r.image_ref, r.choices_json
            FROM \(rows) \(join)
            WHERE r.staging_id = \(move.stagingID) AND r.twin_of IS \(raw: move.twins ? "NOT NULL" : "NULL")
            ORDER BY r.seq
            """,
            operation: move.twins ? "import (move twins)" : "import (move cards)"
        ) { statement in
            try await statement.run()
            return await connection.changes
        }
    }

    /// Deletes up to `limit` staged cards of one staging.
    ///
    /// - Returns: how many were deleted (0: none left).
    func deleteStagedCards(stagingID: Int64, limit: Int) async throws -> Int {
        try await connection.withQuery(
            """
            DELETE FROM import_staged_cards WHERE staging_id = \(stagingID) AND seq IN (
                SELECT seq FROM import_staged_cards WHERE staging_id = \(stagingID) ORDER BY seq LIMIT \(limit))
            """,
            operation: "import (clean up)"
        ) { statement in
            try await statement.run()
            return await connection.changes
        }
    }

    /// Deletes a staging with its pictures (its cards are gone by then, or go with it).
    func deleteStaging(id: Int64) async throws {
        for query: StoreQuery in [
            "DELETE FROM import_staged_images WHERE staging_id = \(id)",
            "DELETE FROM import_staged_cards WHERE staging_id = \(id)",
            "DELETE FROM import_stagings WHERE id = \(id)",
        ] {
            try await connection.runQuery(query, operation: "import (clean up)")
        }
    }

    /// Stagings last touched before `cutoff` (Unix milliseconds): imports that died.
    func importStagings(touchedBefore cutoff: Int64) async throws -> [Int64] {
        try await connection.withQuery(
            "SELECT id FROM import_stagings WHERE touched_at < \(cutoff) ORDER BY id", operation: "find stale imports"
        ) { statement in
            var ids: [Int64] = []
            while try await statement.step() { ids.append(statement.int64(at: 0)) }
            return ids
        }
    }

    func topicExists(id: Int64) async throws -> Bool {
        try await connection.withQuery(
            "SELECT 1 FROM topics WHERE id = \(id) AND import_staging_id IS NULL", operation: "find topic"
        ) { statement in
            return try await statement.step()
        }
    }
}

/// One `INSERT … SELECT` of a staging's cards: where they go and how they are numbered.
private struct StagedMove {
    var stagingID: Int64
    var topicID: Int64
    var origin: CardOrigin
    var now: Int64
    /// The deck's last position before the import.
    var position: Int
    /// Whether the staged `seq` still runs 1, 2, 3, … without a gap (no staged card was dropped).
    var isNumbered: Bool
    var twins: Bool
}
