import FCCore
import FCStore

extension GenerationRunner {
    /// A chunk that failed after storing `stored` batches.
    struct ChunkFailure: Error {
        var stored: Int
        var underlying: any Error
    }

    /// Generates `count` batches in one pipeline run, each recorded in its own transaction (counts and event) and
    /// announced to this process's streams once committed; returns how many were stored.
    func runChunk(_ job: GenerationJob, count: Int, budget: (any RequestBudget)?) async throws -> Int {
        // The topic by id each time: a rename between chunks must not create a topic under the old name.
        guard let topic = try await pipeline.store.read({ try await $0.topic(id: job.topicID) }) else {
            throw StoreError.topicNotFound(topicID: job.topicID)
        }
        var options = options
        options.language = job.options.languageTag
        if let review = job.options.review { options.review = review }
        // One budget for all its chunks: `maxCost` is the whole generation's.
        options.budget = budget
        let work = work
        let id = job.id
        options.onBatchStored = { db, stored in
            // Read in the batch's transaction: exactly the cards it inserted.
            let cards = try await db.cards(topicID: stored.record.topicID, batchNumber: stored.record.plan.number)
            try await work.recordBatch(id: id, stored.record, cards: cards.count, in: db) { updated in
                try work.documents.batchEvent(updated, batch: stored.record, cards: cards)
            }
        }
        let (committed, continuation) = AsyncStream.makeStream(of: BatchSummary.self)
        let events = events
        let run = pipeline.reporting { event in
            events(.pipeline(event))
            if case .batchStored(_, let summary) = event { continuation.yield(summary) }
        }
        async let announced = announce(committed, id: id)
        var failure: (any Error)?
        do {
            _ = try await run.generate(topic: topic.name, batches: count, options: options)
        } catch {
            failure = error
        }
        continuation.finish()
        let storedCount = await announced
        if let failure { throw ChunkFailure(stored: storedCount, underlying: failure) }
        return storedCount
    }

    /// Reports each committed batch and wakes this process's streams of the generation; returns how many there were.
    private func announce(_ batches: AsyncStream<BatchSummary>, id: String) async -> Int {
        var count = 0
        for await summary in batches {
            count += 1
            events(.batchCommitted(id: id, summary: summary))
            work.batchCommitted(id: id)
        }
        return count
    }
}
