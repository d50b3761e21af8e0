package import FCCore

/// The reads and writes of generated batches, each inside the transaction a ``Store/write(_:patience:_:)`` (or
/// ``Store/read(_:)``) hands out; times are Unix milliseconds: the batch row (`batches`), its cards with their
/// pictures and embeddings, its usage ledger rows, a new topic's generation settings (`topic_generation`) and a
/// source's provenance (`sources`, `card_sources`). SQL and rows only: storing a batch — numbering its cards after
/// the topic's last one, skipping and counting the duplicates, all in one transaction — is `BatchStorage`'s
/// (FCPipeline). ``Database`` implements it on both engines.
package protocol BatchRepository: ~Copyable {
    /// The highest batch number stored for the topic; 0 when it has none.
    func lastBatchNumber(topicID: Int64) async throws -> Int
    /// The topic's batches, by number.
    func batches(topicID: Int64) async throws -> [BatchRecord]
    /// The topic named `name`, inserted when missing; whether this call created it.
    func insertTopicIfMissing(named name: String, createdAt: Int64) async throws -> (topic: Topic, created: Bool)
    /// Inserts the batch row, counting every draft as kept; its id.
    ///
    /// - Throws: ``StoreError/batchNumberTaken(topicID:number:)`` when the topic has a batch with this number (two
    ///   runs raced); ``StoreError/topicNotFound(topicID:)``.
    func insertBatch(_ batch: NewBatch, at time: Int64) async throws -> Int64
    /// Inserts the ledger rows of the batch's requests (generation, review, embedding); with `newTopicName`, the
    /// rows its run wrote before the topic existed (its outline) join the topic.
    func insertBatchUsage(_ batch: NewBatch, batchID: Int64, createdAt: Int64, newTopicName: String?) async throws
    /// The topic's highest card position; 0 when it has none.
    func lastCardPosition(topicID: Int64) async throws -> Int
    /// Inserts one card of a batch at `position`; its id, or `nil` (nothing written) when the topic has a card
    /// with `key` already.
    func insertBatchCard(
        _ draft: CardDraft, key: String, topicID: Int64, batchID: Int64, position: Int, imageHash: String?,
        at time: Int64
    ) async throws -> Int64?
    /// Stores `vector` as the card's embedding by `model`, in place of any it had.
    func storeEmbedding(cardID: Int64, model: String, vector: [Float]) async throws
    /// Stores `vector` as the embedding by `model` of the topic's card with this dedup key, if the topic has it.
    func storeEmbedding(topicID: Int64, dedupKey: String, model: String, vector: [Float]) async throws
    /// Stores a found picture and its credit unless they are there already.
    func insertPicture(_ picture: CardPicture, createdAt: Int64) async throws
    /// Adds the siblings of the topic's cloze cards that have none yet; how many.
    func syncNewClozeNotes(topicID: Int64) async throws -> Int
    /// Sets the batch's kept and dropped counts.
    func updateBatchCounts(batchID: Int64, cardsKept: Int, dropped: [DropReason: Int]) async throws
    /// Writes `update` to the batch's topic's generation settings (the fields it has; ``TopicPlanRepository``).
    func writeTopicGeneration(_ update: TopicGenerationUpdate, topicID: Int64, at time: Int64) async throws
    /// Inserts a source document's row; its id.
    func insertSource(_ source: NewSource, topicID: Int64, at time: Int64) async throws -> Int64
    /// Records that the cards came from this section of the source.
    func insertCardSources(_ cardIDs: [Int64], sourceID: Int64, section: SectionProvenance) async throws
    /// Test seam (``StoreSeams/faultAfterCardInserts``): the batch fails after this many card inserts.
    var faultAfterCardInserts: Int? { get }
}

extension Database: BatchRepository {}
