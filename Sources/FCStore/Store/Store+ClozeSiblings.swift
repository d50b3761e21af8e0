import FCCore
import Foundation

/// Cloze siblings: a cloze text is asked once per deletion number, each number a card row of its own (with its own
/// schedule, reviews, flags and bookmarks), as Anki does.
///
/// The note's card (no `cloze_of`) holds the text and asks one number (`cloze_number`, its lowest when it was first
/// stored); every further number is a sibling row (`cloze_of` = the note's card) repeating the note's text, which
/// ``syncClozeSiblings(noteID:)`` keeps in step in the same transaction as every write of the text. A sibling's dedup
/// key is the note's followed by ``siblingKeySeparator`` and its number, so siblings never count as duplicates of
/// each other or of a new card.
extension Database {
    /// What follows a note's dedup key in a sibling's key, before the number. `DedupKey.make` never writes U+001F.
    static let siblingKeySeparator = "\u{1F}cloze:"

    /// The note card's and its siblings' ids for each of `ids` (a note card, a sibling or any other card, which
    /// stands for itself), each once, in the order first met.
    ///
    /// - Throws: ``StoreError/cardNotFound(id:)`` for an unknown id.
    package func withClozeSiblings(_ ids: [Int64]) async throws -> [Int64] {
        var result: [Int64] = []
        var seen = Set<Int64>()
        for id in ids {
            let note = try await card(id: id).noteID
            let family = try await connection.rows(
                "SELECT id FROM cards WHERE id = \(note) OR cloze_of = \(note) ORDER BY id",
                operation: "read cloze siblings"
            ) { statement in statement.int64(at: 0) }
            for member in [id] + family where seen.insert(member).inserted { result.append(member) }
        }
        return result
    }

    /// The siblings of a note's card (the cards asking its further deletion numbers), by deletion number; none for
    /// any other card, a sibling included.
    package func clozeSiblingIDs(noteID: Int64) async throws -> [Int64] {
        try await connection.rows(
            "SELECT id FROM cards WHERE cloze_of = \(noteID) ORDER BY cloze_number, id",
            operation: "read cloze siblings"
        ) { statement in statement.int64(at: 0) }
    }

    /// Syncs every cloze note card of the topic that was never synced (`cloze_number` still NULL): what an insert
    /// path calls after writing cards, in its transaction. Cards of the deck's order get their siblings at the end
    /// of the deck, in deck order then number order.
    ///
    /// - Returns: how many siblings were added.
    @discardableResult
    package func syncNewClozeNotes(topicID: Int64) async throws -> Int {
        let notes = try await connection.rows(
            """
            SELECT id FROM cards WHERE topic_id = \(topicID) AND kind = 'cloze' AND cloze_number IS NULL
                AND cloze_of IS NULL
            ORDER BY position, id
            """,
            operation: "find new cloze cards"
        ) { statement in statement.int64(at: 0) }
        let before = try await clozeSiblingCount(topicID: topicID)
        for note in notes { try await syncClozeSiblings(noteID: note) }
        return try await clozeSiblingCount(topicID: topicID) - before
    }

    private func clozeSiblingCount(topicID: Int64) async throws -> Int {
        try await connection.withQuery(
            "SELECT COUNT(*) FROM cards WHERE topic_id = \(topicID) AND cloze_of IS NOT NULL",
            operation: "count cloze siblings"
        ) { statement in try await statement.step() ? statement.int(at: 0) : 0 }
    }

    /// Brings a note card's siblings in step with its text, in the caller's transaction: one sibling per deletion
    /// number but the note card's own, each with the note's text, kind, explanation, picture and origin.
    ///
    /// The note card keeps the number it asks while its text still has it (else it takes the lowest); a number the
    /// text lost takes its sibling with it (its learning state too, as deleting a card does); a number the text
    /// gained gets a new sibling at the end of the deck. A note that is no cloze text any more (another kind, or text
    /// that does not parse) loses its siblings and its number. Given a sibling's id, syncs its note.
    ///
    /// - Returns: The ids of the siblings deleted (the caller takes them out of open sessions).
    @discardableResult
    package func syncClozeSiblings(noteID id: Int64) async throws -> [Int64] {
        let note = try await card(id: id)
        guard note.clozeOf == nil else { return try await syncClozeSiblings(noteID: note.noteID) }
        var numbers: [Int] = []
        if note.kind == .cloze, case .success(let cloze) = ClozeText.parse(note.question) { numbers = cloze.numbers }
        let own = numbers.contains(note.clozeNumber ?? 0) ? note.clozeNumber : numbers.first
        if own != note.clozeNumber {
            try await connection.withQuery(
                "UPDATE cards SET cloze_number = \(own) WHERE id = \(note.id)", operation: "number cloze card"
            ) { statement in try await statement.run() }
        }
        let siblings = try await connection.rows(
            "SELECT id, cloze_number FROM cards WHERE cloze_of = \(note.id)", operation: "read cloze siblings"
        ) { statement in (id: statement.int64(at: 0), number: statement.int(at: 1)) }
        let wanted = Set(numbers).subtracting([own ?? 0])
        let gone = siblings.filter { !wanted.contains($0.number) }.map(\.id)
        if !gone.isEmpty { try await deleteCards(ids: gone) }
        let imageRef = try await connection.withQuery(
            "SELECT image_ref FROM cards WHERE id = \(note.id)", operation: "read cloze card"
        ) { statement in try await statement.step() ? statement.optionalString(at: 0) : nil }
        // The kept siblings take the note's text (their dedup keys follow the note's).
        try await connection.withQuery(
            """
            UPDATE cards SET topic_id = \(note.topicID), kind = \(note.kind.rawValue), question = \(note.question),
                answer = \(note.answer), explanation = \(note.explanation), image_ref = \(imageRef),
                image_query = \(note.imageQuery), origin = \(note.origin.rawValue),
                dedup_key = CAST(\(note.dedupKey + Self.siblingKeySeparator) AS TEXT) || CAST(cloze_number AS TEXT)
            WHERE cloze_of = \(note.id)
            """,
            operation: "update cloze siblings"
        ) { statement in try await statement.run() }
        let have = Set(siblings.map(\.number))
        let missing = wanted.subtracting(have).sorted()
        guard !missing.isEmpty else { return gone }
        let now = now().unixMilliseconds
        var position = try await lastCardPosition(topicID: note.topicID)
        for number in missing {
            position += 1
            try await connection.withQuery(
                """
                INSERT INTO cards (topic_id, batch_id, kind, question, answer, explanation, image_ref, image_query,
                    origin, dedup_key, position, created_at, updated_at, cloze_number, cloze_of)
                VALUES (\(note.topicID), \(note.batchID), \(note.kind.rawValue), \(note.question), \(note.answer),
                    \(note.explanation), \(imageRef), \(note.imageQuery), \(note.origin.rawValue),
                    \(note.dedupKey + Self.siblingKeySeparator + String(number)), \(position), \(now), \(now),
                    \(number), \(note.id))
                """,
                operation: "add cloze sibling"
            ) { statement in try await statement.run() }
        }
        return gone
    }
}
