package import FCCore

extension Database {
    /// The cards with these ids, in the order of `ids`; unknown ids are left out.
    package func cards(ids: [Int64]) async throws -> [Card] {
        try await cards(ids: ids, withImages: false).cards
    }

    /// The cards with these ids, in the order of `ids` (unknown ids left out), and the pictures of those that have
    /// one (hash, type and size, not the bytes) by card id: what study shows (the feed's cards, a session's next
    /// card). One query: the picture is a `LEFT JOIN` on `images`, not a second read.
    package func cardsAndImages(ids: [Int64]) async throws -> (cards: [Card], images: [Int64: CardImageInfo]) {
        try await cards(ids: ids, withImages: true)
    }

    /// The card with this id.
    ///
    /// - Throws: ``StoreError/cardNotFound(id:)``.
    package func card(id: Int64) async throws -> Card {
        guard let card = try await cards(ids: [id]).first else { throw StoreError.cardNotFound(id: id) }
        return card
    }

    /// The card with this id and its picture (`nil` for a card without one), in one query.
    ///
    /// - Throws: ``StoreError/cardNotFound(id:)``.
    package func cardAndImage(id: Int64) async throws -> (card: Card, image: CardImageInfo?) {
        let read = try await cardsAndImages(ids: [id])
        guard let card = read.cards.first else { throw StoreError.cardNotFound(id: id) }
        return (card, read.images[id])
    }

    /// The columns of ``card(from:)`` (`FROM cards c`), with the picture's hash, type and size after them when
    /// `withImages` (columns 15–17, through a `LEFT JOIN images i`).
    private func cards(ids: [Int64], withImages: Bool) async throws -> (
        cards: [Card], images: [Int64: CardImageInfo]
    ) {
        guard !ids.isEmpty else { return ([], [:]) }
        let picture = withImages ? ", i.hash, i.mime, i.size" : ""
        let join = withImages ? " LEFT JOIN images i ON i.hash = c.image_ref" : ""
        let found = try await connection.withServerPreparedQuery(
            """
            SELECT c.id, c.topic_id, c.batch_id, c.kind, c.question, c.answer, c.explanation, c.origin, c.dedup_key,
                c.position, c.created_at, c.choices_json, c.image_query, c.cloze_number, c.cloze_of\(raw: picture)
            FROM cards c\(raw: join) WHERE c.id IN (\(connection.dialect.jsonIntegers(of: Self.jsonArray(ids))))
                AND \(raw: Self.visibleTopicSQL("c.topic_id"))
            """,
            operation: withImages ? "read cards with pictures" : "read cards"
        ) { statement in
            var cards: [Int64: Card] = [:]
            var images: [Int64: CardImageInfo] = [:]
            while try await statement.step() {
                let card = try Self.card(from: statement)
                cards[card.id] = card
                if withImages, let hash = statement.optionalString(at: 15) {
                    images[card.id] = CardImageInfo(
                        hash: hash, mimeType: statement.string(at: 16), byteCount: statement.int(at: 17))
                }
            }
            return (cards: cards, images: images)
        }
        return (ids.compactMap { found.cards[$0] }, found.images)
    }
}
