package import FCCore
package import FCStore

/// Where a hand-made card is added, edited, moved and deleted (`fcgen card add|edit|move|delete`, the service's card routes): each
/// in one transaction of the store, the card and its reversed twin together. The card rules are the caller's
/// (FCDeckFormats `CardRules`, checked on what the caller read); the store keeps questions unique per topic.
package enum CardEditing {
    /// Stores a hand-made card, and its reversed twin when ``FCStore/NewCard/withTwin`` is set (question and answer
    /// swapped, no picture, no options), at the end of the topic's deck.
    ///
    /// ```swift
    /// let added = try await CardEditing.add(on: store, ///     NewCard(topicID: topic.id, kind: .question, question: "2 + 2?", answer: "4", explanation: nil,
    ///             withTwin: true))
    /// added.cards.count // 2: the card and its twin "4" → "2 + 2?"
    /// ```
    ///
    /// - Returns: The stored card, then its twin; and a cloze card's siblings (one per further deletion number).
    /// - Throws: ``FCStore/StoreError/duplicateQuestion(topicID:existingCardID:side:)`` (nothing is stored),
    ///   ``FCStore/StoreError/topicNotFound(topicID:)``.
    package static func add(on store: Store, _ new: NewCard) async throws -> AddedCards {
        try await store.write("add card") { db in
            if let image = new.image { try await db.storeImage(image) }
            var position = try await db.lastCardPosition(topicID: new.topicID) + 1
            let id = try await db.insertCard(new, position: position, reverseOf: nil, side: "card")
            var ids = [id]
            if new.withTwin {
                position += 1
                var twin = new
                (twin.question, twin.answer, twin.image, twin.choices) = (new.answer, new.question, nil, nil)
                ids.append(try await db.insertCard(twin, position: position, reverseOf: id, side: "reversed twin"))
            }
            if new.kind == .cloze { try await db.syncClozeSiblings(noteID: id) }
            var added = AddedCards(cards: [], siblings: [])
            for id in ids { added.cards.append(try await db.cardDetails(id: id)) }
            for sibling in try await db.clozeSiblingIDs(noteID: id) {
                added.siblings.append(try await db.cardDetails(id: sibling))
            }
            return added
        }
    }

    /// Edits a card, and with `alsoTwin` its twin (question and answer swapped, its own picture kept), in one
    /// transaction: the card is read, `change` computes the new content from it (checking the card rules; what it
    /// throws changes nothing), and both are written, so a concurrent edit can't slip between the read and the
    /// write.
    ///
    /// Without `alsoTwin` the twin is left as it was; the result says whether there is one, so the caller can offer
    /// to update it. A picture no card shows any more is deleted.
    ///
    /// Editing a cloze sibling edits its note (the text all siblings share), and the siblings follow the new text in
    /// the same transaction: a deletion number added gets a card, one removed loses its card (the result is then
    /// the note's card).
    ///
    /// - Throws: ``FCStore/StoreError/cardNotFound(id:)``,
    ///   ``FCStore/StoreError/duplicateQuestion(topicID:existingCardID:side:)``, what `change` throws.
    package static func edit(
        on store: Store, id: Int64, alsoTwin: Bool, change: @escaping @Sendable (CardDetails) throws -> CardUpdate
    ) async throws -> CardEdit {
        try await store.write("edit card") { db in
            let noteID = try await db.card(id: id).noteID
            let current = try await db.cardDetails(id: noteID)
            let update = try change(current)
            var imageHash = current.image?.hash
            switch update.image {
            case .keep: break
            case .remove: imageHash = nil
            case .replace(let image):
                try await db.storeImage(image)
                imageHash = image.hash
            }
            try await db.updateCardRow(
                id: noteID, topicID: current.card.topicID, kind: update.kind, question: update.question,
                answer: update.answer, explanation: update.explanation, imageHash: imageHash,
                choices: update.choices, side: "card")
            var twinUpdated = false
            if alsoTwin, let twinID = current.twinID {
                let twin = try await db.cardDetails(id: twinID)
                try await db.updateCardRow(
                    id: twinID, topicID: twin.card.topicID, kind: update.kind, question: update.answer,
                    answer: update.question, explanation: update.explanation, imageHash: twin.image?.hash,
                    choices: nil, side: "reversed twin")
                twinUpdated = true
            }
            let dropped = try await db.syncClozeSiblings(noteID: noteID)
            try await Sessions.withdraw(in: db, cardIDs: Set(dropped), userID: nil)
            try await db.deleteUnusedImages()
            let twin = try await current.twinID.asyncMap { try await db.cardDetails(id: $0) }
            let shown = try await db.cards(ids: [id]).isEmpty ? noteID : id
            return CardEdit(card: try await db.cardDetails(id: shown), twin: twin, twinUpdated: twinUpdated)
        }
    }

    /// Deletes cards with their cloze siblings (a cloze card's note card and every other deletion number's card), in
    /// one transaction; each deck closes its gaps, and what a card leaves behind goes with it (its learning state, its
    /// place in open sessions, a picture no other card shows). A deleted card's twin stays.
    ///
    /// - Parameter topicID: When given, every card must be in this topic's deck (a card of another deck is "not
    ///   found"), so a stale selection never deletes elsewhere.
    /// - Returns: The ids deleted, ascending, each once: those given and their cloze siblings.
    /// - Throws: ``FCStore/StoreError/cardNotFound(id:)`` when any id is unknown or outside `topicID`'s deck
    ///   (nothing is deleted).
    @discardableResult
    package static func delete(on store: Store, ids: [Int64], inTopic topicID: Int64? = nil) async throws -> [Int64] {
        try await store.write("delete cards") { db in
            let deleted = try await db.deleteCards(ids: try await db.withClozeSiblings(ids), inTopic: topicID)
            try await Sessions.withdraw(in: db, cardIDs: Set(deleted), userID: nil)
            return deleted
        }
    }

    /// Moves a card to another topic (its twin with it), to another position in its deck, or both, in one
    /// transaction: a position out of range undoes the move to the other topic too.
    ///
    /// - Returns: The card as it ends up, then its twin when it moved with it (read last: moving one card may have
    ///   shifted the other).
    /// - Throws: ``FCStore/StoreError/cardNotFound(id:)``, ``FCStore/StoreError/topicNotFound(topicID:)``, a
    ///   position out of range, a duplicate question in the other topic.
    package static func move(on store: Store, id: Int64, toTopic topicID: Int64?, position: Int?) async throws
        -> [CardDetails]
    {
        try await store.write("move card") { db in
            var ids = [id]
            if let topicID { ids = try await db.moveCard(id: id, toTopic: topicID).map(\.card.id) }
            if let position { _ = try await db.moveCard(id: id, to: position) }
            var cards: [CardDetails] = []
            for cardID in ids { cards.append(try await db.cardDetails(id: cardID)) }
            return cards
        }
    }
}
