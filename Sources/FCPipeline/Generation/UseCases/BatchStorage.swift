package import FCCore
package import FCStore
import Foundation

/// Storing a generated batch, as plain steps over the store's ``FCStore/BatchRepository``: the batch row, its usage
/// rows, its cards numbered after the topic's last one (a draft whose question the topic or an earlier draft has
/// already is skipped and counted as dropped), their pictures and embeddings, the new cloze siblings and the final
/// counts, all in ONE transaction: all of it, or (on any error) none of it. With a topic name, the topic is made in
/// the same transaction, so a run that fails before its first batch leaves no empty topic.
package enum BatchStorage {
    /// Stores `batch` in its own transaction.
    ///
    /// - Throws: ``FCStore/StoreError/batchNumberTaken(topicID:number:)`` when the topic has a batch with this number
    ///   (two runs raced); ``FCStore/StoreError/topicNotFound(topicID:)``; a store error. Nothing is stored then.
    package static func store(on store: Store, _ batch: NewBatch) async throws -> StoredBatch {
        try await store.write("store batch", patience: Store.paidWorkPatience) { db in
            try await Self.store(batch, in: db, at: store.now().unixMilliseconds)
        }
    }

    /// Stores `batch` into the topic named `name` (not `batch.topicID`), creating it when it is new, and `update`
    /// to the topic's generation settings: a new topic's plan, language and kinds come with its first batch.
    ///
    /// - Throws: ``FCStore/StoreError/invalidTopicName(problem:)`` for an empty name (nothing is stored), or what
    ///   ``store(on:_:)`` throws.
    package static func store(
        on store: Store, _ batch: NewBatch, creatingTopicNamed name: String?,
        generation update: TopicGenerationUpdate = .init()
    ) async throws -> StoredBatch {
        let name = try checkedTopicName(name)
        return try await store.write("store batch", patience: Store.paidWorkPatience) { db in
            try await Self.store(
                batch, creatingTopicNamed: name, generation: update, in: db, at: store.now().unixMilliseconds)
        }
    }

    /// Stores a batch made from one section of a source, and each of its cards' provenance, in one transaction: the
    /// source row too when it is ``FCStore/SourceReference/new(_:)`` (a run that stores nothing leaves no source
    /// behind), the topic when `topicName` is given, and the topic's `update`.
    ///
    /// - Returns: the stored batch and the source's id, for the run's later batches.
    package static func storeFromSource(
        on store: Store, _ batch: NewBatch, source: SourceReference, section: SectionProvenance,
        creatingTopicNamed topicName: String?, generation update: TopicGenerationUpdate
    ) async throws -> (stored: StoredBatch, sourceID: Int64) {
        let name = try checkedTopicName(topicName)
        return try await store.write("store source batch", patience: Store.paidWorkPatience) { db in
            let time = store.now().unixMilliseconds
            let stored = try await Self.store(batch, creatingTopicNamed: name, generation: update, in: db, at: time)
            let sourceID: Int64
            switch source {
            case .stored(let id): sourceID = id
            case .new(let new): sourceID = try await db.insertSource(new, topicID: stored.record.topicID, at: time)
            }
            try await db.insertCardSources(stored.cards.map(\.id), sourceID: sourceID, section: section)
            return (stored, sourceID)
        }
    }

    /// Stores `batch` in the caller's transaction, into the topic named `name` when given (made when new, its name
    /// checked by the caller), with `update` to its generation settings.
    package static func store(
        _ batch: NewBatch, creatingTopicNamed name: String?, generation update: TopicGenerationUpdate,
        in db: borrowing some BatchRepository & ~Copyable, at time: Int64
    ) async throws -> StoredBatch {
        var batch = batch
        if let name { batch.topicID = try await db.insertTopicIfMissing(named: name, createdAt: time).topic.id }
        let stored = try await store(batch, in: db, at: time, newTopicName: name)
        if !update.isEmpty { try await db.writeTopicGeneration(update, topicID: stored.record.topicID, at: time) }
        return stored
    }

    /// Stores `batch` into `batch.topicID` in the caller's transaction (a refill job completes this way, so the job
    /// and its batch commit together). `newTopicName`: the topic was made for this batch.
    package static func store(
        _ batch: NewBatch, in db: borrowing some BatchRepository & ~Copyable, at time: Int64,
        newTopicName: String? = nil
    ) async throws -> StoredBatch {
        let keys = batch.cards.map(\.dedupKey)
        let createdDate = Date(unixMilliseconds: time)  // once, not per card: the same instant for all
        let fault = db.faultAfterCardInserts
        let batchID = try await db.insertBatch(batch, at: time)
        try await db.insertBatchUsage(batch, batchID: batchID, createdAt: time, newTopicName: newTopicName)
        if fault == 0 { throw StoreError.injectedFault(afterCardInserts: 0) }
        let firstPosition = try await db.lastCardPosition(topicID: batch.topicID) + 1
        var cards: [Card] = []
        cards.reserveCapacity(batch.cards.count)
        var dropped = batch.dropped
        var pictures: [CardPicture] = []
        for (index, draft) in batch.cards.enumerated() {
            let position = firstPosition + cards.count
            guard
                let id = try await db.insertBatchCard(
                    draft, key: keys[index], topicID: batch.topicID, batchID: batchID, position: position,
                    imageHash: batch.pictures[index]?.image.hash, at: time)
            else {
                dropped[keys[..<index].contains(keys[index]) ? .duplicateInBatch : .duplicateInTopic, default: 0] += 1
                continue
            }
            cards.append(
                Card(
                    id: id, topicID: batch.topicID, batchID: batchID, kind: draft.kind, question: draft.question,
                    answer: draft.answer, explanation: draft.explanation, origin: draft.origin, dedupKey: keys[index],
                    position: position, createdAt: createdDate, choices: draft.choices, imageQuery: draft.imageQuery))
            if let picture = batch.pictures[index] { pictures.append(picture) }
            if let embeddings = batch.embeddings, let vector = embeddings.cards[index] {
                try await db.storeEmbedding(cardID: id, model: embeddings.model, vector: vector)
            }
            if cards.count == fault { throw StoreError.injectedFault(afterCardInserts: cards.count) }
        }
        if let embeddings = batch.embeddings {
            for (key, vector) in embeddings.stored.sorted(by: { $0.key < $1.key }) {
                try await db.storeEmbedding(
                    topicID: batch.topicID, dedupKey: key, model: embeddings.model, vector: vector)
            }
        }
        // The pictures of the cards kept; a skipped duplicate's picture is not stored.
        for picture in pictures { try await db.insertPicture(picture, createdAt: time) }
        // A cloze card's further deletion numbers become its siblings (after the batch, at the deck's end).
        if cards.contains(where: { $0.kind == .cloze }) { _ = try await db.syncNewClozeNotes(topicID: batch.topicID) }
        let skipped = batch.cards.count - cards.count
        if skipped > 0 {
            // The row was written assuming no skips (the common case), saving an UPDATE per batch.
            try await db.updateBatchCounts(batchID: batchID, cardsKept: cards.count, dropped: dropped)
        }
        let record = BatchRecord(
            id: batchID, topicID: batch.topicID, plan: batch.plan, provider: batch.provider, model: batch.model,
            promptHash: batch.promptHash, outcome: batch.outcome, cardsKept: cards.count, dropped: dropped,
            usage: batch.totalUsage, latencyMilliseconds: batch.latencyMilliseconds, createdAt: createdDate)
        return StoredBatch(record: record, cards: cards, skippedDuplicates: skipped)
    }

    /// The highest batch number stored for the topic; 0 when it has none.
    package static func lastNumber(on store: Store, topicID: Int64) async throws -> Int {
        try await store.read { try await $0.lastBatchNumber(topicID: topicID) }
    }

    /// The topic's batches, by number.
    package static func list(on store: Store, topicID: Int64) async throws -> [BatchRecord] {
        try await store.read { try await $0.batches(topicID: topicID) }
    }

    /// A new topic's name as stored (trimmed), or `nil` when no topic is to be made; checked before the
    /// transaction, so a bad name stores nothing.
    ///
    /// - Throws: ``FCStore/StoreError/invalidTopicName(problem:)``.
    package static func checkedTopicName(_ name: String?) throws -> String? {
        guard let name else { return nil }
        let trimmed = TopicNameRule.trimmed(name)
        if let problem = TopicNameRule.problem(with: trimmed) { throw StoreError.invalidTopicName(problem: problem) }
        return trimmed
    }
}
