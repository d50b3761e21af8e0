package import FCCore
package import Foundation

/// The reads and writes of cards, each inside the transaction a ``Store/write(_:patience:_:)`` (or
/// ``Store/read(_:)``) hands out: the `cards` rows (with their pictures' hash, type and size), deck order, cloze
/// siblings, a learner's bookmarks and flags (bury, suspend). SQL and rows only: adding, editing, moving and
/// deleting a card with its twin and siblings, bookmarking one and listing a deck or a learner's bookmarks are the
/// use cases' in FCPipeline's `Cards/UseCases` (`Cards`, `CardEditing`, `CardBookmarks`) and `StudyService`'s
/// controls. ``Database`` implements it on both engines.
///
/// A few writes still hold a savepoint of their own: PostgreSQL refuses every statement after a failed one until
/// the transaction rolls back to a savepoint, and the duplicate's lookup after a refused insert or move is such a
/// statement.
package protocol CardRepository: ~Copyable {
    // MARK: Reading cards

    /// The card `id`. Throws ``StoreError/cardNotFound(id:)``.
    func card(id: Int64) async throws -> Card
    /// The cards with these ids, in the order of `ids`; unknown ids are left out.
    func cards(ids: [Int64]) async throws -> [Card]
    /// The card `id` and its picture (`nil` without one), in one query. Throws ``StoreError/cardNotFound(id:)``.
    func cardAndImage(id: Int64) async throws -> (card: Card, image: CardImageInfo?)
    /// The cards with these ids (unknown ids left out) and the pictures of those that have one, by card id.
    func cardsAndImages(ids: [Int64]) async throws -> (cards: [Card], images: [Int64: CardImageInfo])
    /// The topic's cards in deck order.
    func cards(topicID: Int64) async throws -> [Card]
    /// The card `id` with its picture, credit, twin and last edit. Throws ``StoreError/cardNotFound(id:)``.
    func cardDetails(id: Int64) async throws -> CardDetails
    /// Every card of the topic with its details, in deck order.
    func cardDetails(topicID: Int64) async throws -> [CardDetails]
    /// A page of the topic's deck after `anchor` that passes `filter`, with `userID`'s progress of each card.
    func cardPage(
        topicID: Int64, userID: Int64, filter: CardFilter, after anchor: CardPageAnchor?, limit: Int
    ) async throws -> [PagedCard]
    /// The topic's newest questions, newest first, at most `limit`.
    func recentQuestions(topicID: Int64, limit: Int) async throws -> [String]
    /// Every card of the topic with its dedup key, question and answer (the sanitizer's duplicate rules).
    func topicQuestions(topicID: Int64) async throws -> [TopicQuestion]

    // MARK: Writing cards

    /// The topic's highest card position; 0 when it has none.
    func lastCardPosition(topicID: Int64) async throws -> Int
    /// Inserts a card at `position` (the twin of `reverseOf` when given); its id. Throws a duplicate naming `side`.
    func insertCard(_ new: NewCard, position: Int, reverseOf: Int64?, side: String) async throws -> Int64
    /// Replaces the card's content. Throws a duplicate naming `side`.
    func updateCardRow(
        id: Int64, topicID: Int64, kind: CardKind, question: String, answer: String, explanation: String?,
        imageHash: String?, choices: CardChoices?, side: String
    ) async throws
    /// Deletes exactly these cards (archiving their reviews), closing their decks' gaps; the ids, ascending.
    @discardableResult
    func deleteCards(ids: [Int64], inTopic topicID: Int64?) async throws -> [Int64]
    /// Moves a card with its twin and cloze siblings to the end of another topic's deck; the cards moved.
    func moveCard(id: Int64, toTopic topicID: Int64) async throws -> [CardDetails]
    /// Moves a card to `position` in its deck. Throws ``StoreError/positionOutOfRange(position:count:)``.
    func moveCard(id: Int64, to position: Int) async throws -> CardDetails

    // MARK: Cloze siblings

    /// Each card of `ids` with its note's card and siblings, each once, in the order first met.
    func withClozeSiblings(_ ids: [Int64]) async throws -> [Int64]
    /// The siblings of a note's card, by deletion number.
    func clozeSiblingIDs(noteID: Int64) async throws -> [Int64]
    /// Brings a note's siblings in step with its text; the ids of the siblings it deleted.
    @discardableResult
    func syncClozeSiblings(noteID id: Int64) async throws -> [Int64]

    // MARK: A learner's bookmarks and flags

    /// Adds the learner's bookmark of the card (nothing when there is one).
    func insertBookmark(cardID: Int64, userID: Int64, at now: Date) async throws
    /// Deletes the learner's bookmark of the card; whether there was one.
    func deleteBookmark(cardID: Int64, userID: Int64) async throws -> Bool
    /// When the learner bookmarked the card, or `nil`.
    func bookmarkTime(cardID: Int64, userID: Int64) async throws -> Date?
    /// The learner's bookmarks, newest first, of one topic or all, at most `limit`.
    func bookmarks(userID: Int64, topicID: Int64?, limit: Int) async throws -> [Bookmark]
    /// How many bookmarks the learner has, of one topic or all.
    func bookmarkCount(userID: Int64, topicID: Int64?) async throws -> Int
    /// Buries the cards and their cloze siblings for the learner until `until`; the ids buried, ascending.
    @discardableResult
    func buryCards(ids: [Int64], userID: Int64, until: Date) async throws -> [Int64]
    /// Suspends the cards for the learner.
    func suspendCards(ids: [Int64], userID: Int64) async throws
    /// Lets the learner's suspended cards back into their queues.
    func unsuspendCards(ids: [Int64], userID: Int64) async throws
}

extension Database: CardRepository {}
