import FCCore
import Foundation

extension Database {
    /// The columns ``cardDetails(from:)`` reads, for `FROM cards c` (``cardDetailsColumnCount`` of them: a query
    /// adding its own reads them from that index on).
    static let cardDetailsColumns = """
        c.id, c.topic_id, c.batch_id, c.kind, c.question, c.answer, c.explanation, c.origin, c.dedup_key,
        c.position, c.created_at, c.image_ref, (SELECT i.mime FROM images i WHERE i.hash = c.image_ref),
        (SELECT i.size FROM images i WHERE i.hash = c.image_ref), c.reverse_of,
        COALESCE(c.reverse_of, (SELECT t.id FROM cards t WHERE t.reverse_of = c.id ORDER BY t.id LIMIT 1)),
        c.updated_at, c.choices_json, c.image_query, c.cloze_number, c.cloze_of
        """

    /// How many columns ``cardDetailsColumns`` has.
    static let cardDetailsColumnCount: Int32 = 21

    /// One card with its picture (and the picture's credit), twin link and last edit.
    ///
    /// - Throws: ``StoreError/cardNotFound(id:)``.
    package func cardDetails(id: Int64) async throws -> CardDetails {
        var details = try await connection.withQuery(
            """
            SELECT \(raw: Self.cardDetailsColumns) FROM cards c WHERE c.id = \(id)
                AND \(raw: Self.visibleTopicSQL("c.topic_id"))
            """,
            operation: "read card"
        ) { statement in
            guard try await statement.step() else { throw StoreError.cardNotFound(id: id) }
            return try Self.cardDetails(from: statement)
        }
        guard let hash = details.image?.hash else { return details }
        details.image?.credit = try await imageCredit(hash: hash)
        return details
    }

    /// Every card of the topic with details, in deck order (for exports).
    package func cardDetails(topicID: Int64) async throws -> [CardDetails] {
        try await connection.withQuery(
            """
            SELECT \(raw: Self.cardDetailsColumns) FROM cards c
            WHERE c.topic_id = \(topicID) AND \(raw: Self.visibleTopicSQL("c.topic_id"))
            ORDER BY c.position
            """,
            operation: "list card details"
        ) { statement in
            var cards: [CardDetails] = []
            while try await statement.step() { cards.append(try Self.cardDetails(from: statement)) }
            return cards
        }
    }

    /// Reads a row with ``cardDetailsColumns``.
    static func cardDetails(from statement: any SQLStatement) throws -> CardDetails {
        let id = statement.int64(at: 0)
        guard let kind = CardKind(rawValue: statement.string(at: 3)) else {
            throw StoreError.corruptRow(table: "cards", column: "kind", rowID: id)
        }
        guard let origin = CardOrigin(rawValue: statement.string(at: 7)) else {
            throw StoreError.corruptRow(table: "cards", column: "origin", rowID: id)
        }
        let card = Card(
            id: id, topicID: statement.int64(at: 1), batchID: statement.optionalInt64(at: 2), kind: kind,
            question: statement.string(at: 4), answer: statement.string(at: 5),
            explanation: statement.optionalString(at: 6), origin: origin, dedupKey: statement.string(at: 8),
            position: statement.int(at: 9), createdAt: Date(unixMilliseconds: statement.int64(at: 10)),
            choices: try CardChoicesColumn.decode(statement.optionalString(at: 17), cardID: id),
            imageQuery: statement.optionalString(at: 18), clozeNumber: statement.optionalInt(at: 19),
            clozeOf: statement.optionalInt64(at: 20))
        let image = statement.optionalString(at: 11).map { hash in
            CardImageInfo(
                hash: hash, mimeType: statement.optionalString(at: 12) ?? "", byteCount: statement.int(at: 13))
        }
        return CardDetails(
            card: card, image: image, reverseOf: statement.optionalInt64(at: 14),
            twinID: statement.optionalInt64(at: 15), updatedAt: Date(unixMilliseconds: statement.int64(at: 16)))
    }
}
