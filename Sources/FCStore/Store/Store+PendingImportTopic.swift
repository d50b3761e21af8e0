import FCCore
import Foundation

/// The topic an import fills in chunks before anyone sees it (`topics.import_staging_id`, migration 18): created
/// hidden, filled by short transactions, then named and revealed by one. Every reader of topics and cards skips a
/// topic so marked (``Database/visibleTopicSQL(_:)``).
extension Database {
    /// `column` (a topic id) names a topic readers may see: not one an import is still filling. An uncorrelated
    /// subquery, which both engines evaluate once per statement.
    static func visibleTopicSQL(_ column: String) -> String {
        "\(column) NOT IN (SELECT h.id FROM topics h WHERE h.import_staging_id IS NOT NULL)"
    }

    /// The name a hidden topic has until it is revealed: it holds a control character, which no user topic's name
    /// may (``FCCore/TopicNameRule``), so it never meets a real name.
    static func pendingTopicName(stagingID: Int64) -> String {
        "\u{1}import \(stagingID)"
    }

    /// Creates the hidden topic that `stagingID`'s cards move into.
    ///
    /// - Returns: its id.
    func insertPendingImportTopic(stagingID: Int64, createdAt: Int64) async throws -> Int64 {
        try await connection.withQuery(
            """
            INSERT INTO topics (name, created_at, import_staging_id) VALUES
                (\(Self.pendingTopicName(stagingID: stagingID)), \(createdAt), \(stagingID))
            """,
            operation: "import cards (hidden topic)"
        ) { statement in
            try await statement.run()
        }
        return await connection.lastInsertRowID
    }

    /// Moves the staged cards with `seq` in `range` into the hidden topic (originals, then twins joined to their
    /// originals, which an earlier `seq` put in this chunk or an earlier one), with the pictures they use, and
    /// marks the staging touched. A new topic has no card to clash with and none is dropped, so a card's position
    /// is its `seq`.
    ///
    /// - Returns: the originals and twins inserted.
    func movePendingChunk(
        stagingID: Int64, topicID: Int64, range: ClosedRange<Int64>, origin: CardOrigin, now: Int64
    ) async throws -> (originals: Int, twins: Int) {
        try await connection.withQuery(
            """
            INSERT INTO images (hash, mime, bytes, size, created_at)
            SELECT i.hash, i.mime, i.bytes, i.size, CAST(\(now) AS BIGINT) FROM import_staged_images i
            WHERE i.staging_id = \(stagingID)
                AND EXISTS (SELECT 1 FROM import_staged_cards s WHERE s.staging_id = \(stagingID) AND s.image_ref =
                    i.hash
                    AND s.seq BETWEEN \(range.lowerBound) AND \(range.upperBound))
            ON CONFLICT (hash) DO NOTHING
            """,
            operation: "import (move pictures)"
        ) { statement in
            try await statement.run()
        }
        var counts: [Int] = []
        for twins in [false, true] {
            let reverseOf = twins ? "o.id" : "CAST(NULL AS BIGINT)"
            let join: StoreQuery =
                twins ? "JOIN cards o ON o.topic_id = CAST(\(topicID) AS BIGINT) AND o.dedup_key = r.twin_of" : ""
            counts.append(
                try await connection.withQuery(
                    """
                    INSERT INTO cards (topic_id, origin, created_at, updated_at, kind, question, answer, explanation,
                        reverse_of, dedup_key, position, image_ref, choices_json)
                    SELECT CAST(\(topicID) AS BIGINT), CAST(\(origin.rawValue) AS TEXT), CAST(\(now) AS BIGINT),
                        CAST(\(now) AS BIGINT), r.kind, r.question, r.answer, r.explanation, \(raw: reverseOf),
                        r.dedup_key, r.seq, r.image_ref, r.choices_json
                    FROM import_staged_cards r \(join)
                    WHERE r.staging_id = \(stagingID) AND r.seq BETWEEN \(range.lowerBound) AND \(range.upperBound)
                        AND r.twin_of IS \(raw: twins ? "NOT NULL" : "NULL")
                    ORDER BY r.seq
                    """,
                    operation: twins ? "import (move twins)" : "import (move cards)"
                ) { statement in
                    try await statement.run()
                    return await connection.changes
                })
        }
        try await touchStaging(stagingID)
        return (counts[0], counts[1])
    }

    /// Names the hidden topic and clears its mark, so every reader sees it, all its cards at once; marks the staging
    /// moved; its cloze cards get their siblings. Refuses (returns `nil`, changing nothing) when a visible topic took
    /// the name meanwhile.
    ///
    /// - Returns: the topic and how many cloze siblings were added.
    func revealPendingImportTopic(
        id: Int64, stagingID: Int64, name: String, createdAt: Int64
    ) async throws -> (topic: Topic, clozeSiblings: Int)? {
        guard try await topic(named: name) == nil else { return nil }
        try await connection.withQuery(
            "UPDATE topics SET name = \(name), created_at = \(createdAt), import_staging_id = NULL WHERE id = \(id)",
            operation: "import cards (reveal topic)"
        ) { statement in
            try await statement.run()
        }
        // After every chunk is in: the siblings go after the last staged card's position.
        let siblings = try await syncNewClozeNotes(topicID: id)
        try await connection.withQuery(
            "UPDATE import_stagings SET moved_at = \(createdAt), touched_at = \(createdAt) WHERE id = \(stagingID)",
            operation: "import (move)"
        ) { statement in
            try await statement.run()
        }
        return (Topic(id: id, name: name, createdAt: Date(unixMilliseconds: createdAt)), siblings)
    }

    /// Moves a staging's `touched_at` to now: the import is alive.
    func touchStaging(_ stagingID: Int64) async throws {
        try await connection.withQuery(
            "UPDATE import_stagings SET touched_at = \(now().unixMilliseconds) WHERE id = \(stagingID)",
            operation: "touch import"
        ) { statement in
            try await statement.run()
        }
    }

    /// Hidden topics of `stagingID`, or (`nil`) of no staging that still exists: imports that died.
    func pendingImportTopics(stagingID: Int64?) async throws -> [Int64] {
        let query: StoreQuery =
            if let stagingID {
                "SELECT id FROM topics WHERE import_staging_id = \(stagingID) ORDER BY id"
            } else {
                """
                SELECT id FROM topics WHERE import_staging_id IS NOT NULL
                    AND import_staging_id NOT IN (SELECT id FROM import_stagings) ORDER BY id
                """
            }
        return try await connection.withQuery(query, operation: "find hidden import topics") { statement in
            var ids: [Int64] = []
            while try await statement.step() { ids.append(statement.int64(at: 0)) }
            return ids
        }
    }

    /// Deletes up to `limit` cards of a hidden topic, then (none left) the topic and the pictures nothing uses any
    /// more.
    ///
    /// - Returns: how many cards were deleted (0: the topic is gone).
    func deletePendingImportCards(topicID: Int64, limit: Int) async throws -> Int {
        let deleted = try await connection.withQuery(
            """
            DELETE FROM cards WHERE id IN (
                SELECT c.id FROM cards c JOIN topics t ON t.id = c.topic_id
                WHERE c.topic_id = \(topicID) AND t.import_staging_id IS NOT NULL ORDER BY c.id DESC LIMIT \(limit))
            """,
            operation: "import (clean up)"
        ) { statement in
            try await statement.run()
            return await connection.changes
        }
        guard deleted == 0 else { return deleted }
        try await connection.withQuery(
            "DELETE FROM topics WHERE id = \(topicID) AND import_staging_id IS NOT NULL", operation: "import (clean up)"
        ) { statement in
            try await statement.run()
        }
        try await deleteUnusedImages()
        return 0
    }
}
