package import FCCore

/// The reads and writes of an import, each inside the transaction a ``Store/write(_:patience:_:)`` hands out: the
/// staging tables (`import_stagings`, `import_staged_cards`, `import_staged_images`), the hidden topic an import
/// fills before anyone sees it, and the `INSERT … SELECT`s that move staged rows into `topics`, `cards` and
/// `images`. SQL and rows only: which rows to stage, when to move, in what transactions and what to clean up is
/// `ImportCards`' (FCPipeline). ``Database`` implements it on both engines.
package protocol ImportRepository: ~Copyable {
    // MARK: Topics

    /// The visible topic of that name (case-insensitive), if any.
    func topic(named name: String) async throws -> Topic?
    /// Whether a visible topic has this id.
    func topicExists(id: Int64) async throws -> Bool
    /// The topic named `name`, inserted when missing; whether this call created it.
    func insertTopicIfMissing(named name: String, createdAt: Int64) async throws -> (topic: Topic, created: Bool)
    /// Whether the topic has a card with this dedup key.
    func topicHasCard(topicID: Int64, dedupKey: String) async throws -> Bool
    /// The topic's highest card position; 0 when it has none.
    func lastCardPosition(topicID: Int64) async throws -> Int
    /// Adds the siblings of the topic's cloze cards that have none yet; how many.
    func syncNewClozeNotes(topicID: Int64) async throws -> Int
    /// Deletes pictures no card shows.
    func deleteUnusedImages() async throws

    // MARK: Staging

    /// Inserts a staging row; its id.
    func insertStaging(at time: Int64) async throws -> Int64
    /// Moves a staging's `touched_at`: its import is alive.
    func touchStaging(_ id: Int64, at time: Int64) async throws
    /// Marks a staging moved (its cards are in) and touched.
    func markStagingMoved(_ id: Int64, at time: Int64) async throws
    /// Stages a picture once per staging.
    func insertStagedImage(_ image: NewImage, stagingID: Int64) async throws
    /// Stages a card unless the staging has its dedup key already; whether it was inserted.
    func insertStagedCard(_ card: StagedCard) async throws -> Bool
    /// Deletes a staging's cards whose dedup key (or, for a twin, whose original's) the topic has; how many.
    func deleteStagedCards(stagingID: Int64, alreadyIn topicID: Int64) async throws -> Int
    /// Deletes up to `limit` of a staging's cards, lowest `seq` first; how many (0: none left).
    func deleteStagedCards(stagingID: Int64, limit: Int) async throws -> Int
    /// Deletes a staging with its pictures and any cards left.
    func deleteStaging(id: Int64) async throws
    /// Stagings last touched before `cutoff` (Unix milliseconds), by id.
    func stagings(touchedBefore cutoff: Int64) async throws -> [Int64]

    // MARK: Moving in

    /// Inserts into `images` the staged pictures a staged card of `seqs` (every card when `nil`) uses.
    func insertStagedImages(stagingID: Int64, seqs: ClosedRange<Int64>?, createdAt: Int64) async throws
    /// Inserts staged originals or twins into `cards` with one `INSERT … SELECT`; how many.
    func insertStagedCards(_ move: StagedMove) async throws -> Int
    /// Opens a savepoint inside the transaction.
    func beginSavepoint(_ name: String) async throws
    /// Releases a savepoint, rolling back to it first when `rollingBack`.
    func endSavepoint(_ name: String, rollingBack: Bool) async throws

    // MARK: Hidden topics

    /// Creates the hidden topic a staging's cards move into; its id.
    func insertHiddenTopic(stagingID: Int64, createdAt: Int64) async throws -> Int64
    /// Names a hidden topic and clears its mark: every reader sees it from now on.
    func revealHiddenTopic(id: Int64, name: String, createdAt: Int64) async throws -> Topic
    /// Hidden topics of a staging, or (`nil`) of no staging that still exists.
    func hiddenTopics(stagingID: Int64?) async throws -> [Int64]
    /// Deletes up to `limit` cards of a hidden topic; how many (0: none left).
    func deleteHiddenTopicCards(topicID: Int64, limit: Int) async throws -> Int
    /// Deletes a hidden topic (its cards gone).
    func deleteHiddenTopic(id: Int64) async throws
}

extension Database: ImportRepository {}
