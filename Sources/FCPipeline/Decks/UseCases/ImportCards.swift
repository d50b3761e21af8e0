package import FCCore
package import FCStore

/// Where cards are imported (`fcgen import`, `POST /v1/topics/{id}/import`): all or nothing, without ever holding
/// the write lock for long, as plain steps over the store's ``FCStore/ImportRepository``.
///
/// 1. **Stage** (``stage(on:_:topicID:chunkRows:)``): rows are pulled from the source and parsed outside any
///    transaction, ``chunkRows`` at a time (or ``chunkBytes`` of text and pictures); each chunk is staged in a short
///    transaction of its own, skipping a question the topic already has, one an earlier row had, and the twin of a
///    skipped card. After the last row the source may still refuse: its staged rows are deleted.
/// 2. **Move, into a new topic** (``moveInHidden(on:_:named:origin:chunkCards:)``): short transactions fill a hidden
///    topic ``moveChunkCards`` cards at a time, and one names it and shows it, every card at once.
/// 3. **Move, into an existing topic** (``moveAll(_:into:origin:dryRun:time:in:)``): one transaction, which a dry
///    run rolls back to its savepoint.
/// 4. **Clean up** (``discard(on:_:)``): short transactions delete the staged rows, also when a step failed; a dead
///    import's rows and hidden topic go with the next import's start (``removeStale(on:)``).
package enum ImportCards {
    /// Rows parsed and staged per write transaction: a transaction of this many rows holds the write lock for tens
    /// of milliseconds.
    package static let chunkRows = 5_000

    /// A chunk also ends once its text and pictures reach this many bytes, so rows with pictures (up to 1 MiB each)
    /// keep memory flat: the file is still never held whole.
    static let chunkBytes = 8 * 1_048_576

    /// Staged cards moved into a new topic's hidden deck per write transaction: a transaction of this many cards
    /// holds the write lock for a fraction of a second.
    package static let moveChunkCards = 25_000

    /// A staging that no transaction touched for this long belongs to an import that died (killed, crashed, power
    /// lost); the next import removes it.
    package static let staleMilliseconds: Int64 = 15 * 60 * 1_000

    /// Staged rows deleted per clean-up transaction.
    static let cleanUpRows = chunkRows * 4

    /// Imports rows into the topic named `name`, creating it when there is none.
    ///
    /// A new topic is filled in chunks, hidden, and shown with all its cards at once; a refused import, one that
    /// fails or dies leaves no topic anyone sees. A dry run for a new topic moves nothing: every staged card would
    /// be stored, so the staging's counts are its summary. Into an existing topic (or one of that name created
    /// meanwhile) the cards move in one transaction.
    ///
    /// - Returns: the topic (as it is, or would be, stored: id 0 in a dry run for a new topic) and what was
    ///   imported.
    /// - Throws: ``FCStore/StoreError/invalidTopicName(problem:)``, whatever `source` throws (nothing is imported),
    ///   or a ``FCStore/StoreError``.
    package static func run(
        on store: Store, topicNamed name: String, origin: CardOrigin = .imported, from source: some CardRowSource,
        dryRun: Bool = false, chunkRows: Int = chunkRows, moveChunkCards: Int = moveChunkCards
    ) async throws -> (topic: Topic, summary: ImportSummary) {
        let name = TopicNameRule.trimmed(name)
        if let problem = TopicNameRule.problem(with: name) { throw StoreError.invalidTopicName(problem: problem) }
        let existing = try await store.read { try await $0.topic(named: name) }
        let staged = try await stage(on: store, source, topicID: existing?.id, chunkRows: chunkRows)
        if existing == nil && dryRun {
            // A new topic would get every staged card: the staging's counts are the answer, no move needed.
            try? await discard(on: store, staged.id)
            var summary = ImportSummary()
            summary.isDryRun = true
            summary.topicCreated = true
            summary.rows = staged.rows
            summary.cardsStored = Int(staged.nextSeq - 1)
            summary.twinsStored = staged.twins
            summary.duplicatesSkipped = staged.cardsAsked - summary.cardsStored
            return (Topic(id: 0, name: name, createdAt: store.now()), summary)
        }
        if existing == nil,
            let revealed = try await moveInHidden(
                on: store, staged, named: name, origin: origin, chunkCards: moveChunkCards)
        {
            return revealed
        }
        // An existing topic, or a topic of this name created while the cards were moving: one move.
        let (topic, summary) = try await moveInOneTransaction(
            on: store, staged, into: .named(name), origin: origin, dryRun: dryRun)
        guard let topic else { throw StoreError.invalidTopicName(problem: "was not created") }
        return (topic, summary)
    }

    /// Imports rows into an existing topic: staged as ``run(on:topicNamed:origin:from:dryRun:chunkRows:moveChunkCards:)``
    /// stages them, then moved in one transaction that checks again for questions stored meanwhile. Cards go to the
    /// end of the deck in row order, each reversed row followed by its twin; a skipped card's twin is skipped too.
    ///
    /// - Parameters:
    ///   - dryRun: do everything, then roll the move back: the summary says what an import would store.
    ///   - chunkRows: rows per staging transaction.
    /// - Throws: ``FCStore/StoreError/topicNotFound(topicID:)``, whatever `source` throws (nothing is imported), or
    ///   a ``FCStore/StoreError``.
    package static func run(
        on store: Store, topicID: Int64, origin: CardOrigin = .imported, from source: some CardRowSource,
        dryRun: Bool = false, chunkRows: Int = chunkRows
    ) async throws -> ImportSummary {
        guard try await store.read({ try await $0.topicExists(id: topicID) }) else {
            throw StoreError.topicNotFound(topicID: topicID)
        }
        let staged = try await stage(on: store, source, topicID: topicID, chunkRows: chunkRows)
        return try await moveInOneTransaction(on: store, staged, into: .id(topicID), origin: origin, dryRun: dryRun)
            .summary
    }
}
