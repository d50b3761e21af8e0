package import FCCore
import Foundation

/// How far a staged import has come: its staging row, the rows it has staged and what it counted on the way.
package struct StagedImport: Sendable, Hashable {
    /// The `import_stagings` row.
    package var id: Int64
    /// The next `seq` to give a staged card.
    var nextSeq: Int64 = 1
    /// Good rows read so far (``ImportSummary/rows``).
    var rows = 0
    /// Cards the rows ask for: one per row, two for a reversed row.
    var cardsAsked = 0
    /// Reversed twins among the staged cards.
    var twins = 0
}

extension Store {
    /// Rows parsed and staged per write transaction: a transaction of this many rows holds the write lock for tens
    /// of milliseconds.
    package static let importChunkRows = 5_000

    /// A chunk also ends once its text and pictures reach this many bytes, so rows with pictures (up to 1 MiB each)
    /// keep memory flat: the file is still never held whole.
    static let importChunkBytes = 8 * 1_048_576

    /// A staging that no transaction touched for this long belongs to an import that died (killed, crashed, power
    /// lost); the next import removes it.
    package static let staleImportMilliseconds: Int64 = 15 * 60 * 1_000

    /// Staged cards moved into a new topic's hidden deck per write transaction
    /// (``importCards(topicNamed:origin:from:dryRun:chunkRows:moveChunkCards:)``): a transaction of this many cards
    /// holds the write lock for a fraction of a second.
    package static let importMoveChunkCards = 25_000

    /// Imports rows into the topic named `name`. See ``importCards(topicID:origin:from:dryRun:chunkRows:)`` for how
    /// the rows are staged.
    ///
    /// A new topic is filled without ever holding the write lock for long: its cards move in chunks of
    /// `moveChunkCards` (one short transaction each) into a hidden topic that every reader skips, and one short
    /// transaction names it and shows it, all its cards at once. A refused import, one that fails or dies leaves no
    /// topic anyone sees (a dead one's hidden topic is swept with its staging). A dry run for a new topic moves
    /// nothing: every staged card would be stored, so the staging's counts are its summary. Into an existing topic
    /// the cards move in one transaction as ``importCards(topicID:origin:from:dryRun:chunkRows:)`` does.
    ///
    /// - Returns: the topic (as it is, or would be, stored: id 0 in a dry run for a new topic) and what was
    ///   imported.
    /// - Throws: ``StoreError/invalidTopicName(problem:)``, whatever `source` throws (nothing is imported), or a
    ///   ``StoreError``.
    package func importCards(
        topicNamed name: String, origin: CardOrigin = .imported, from source: some CardRowSource, dryRun: Bool = false,
        chunkRows: Int = importChunkRows, moveChunkCards: Int = importMoveChunkCards
    ) async throws -> (topic: Topic, summary: ImportSummary) {
        let name = TopicNameRule.trimmed(name)
        if let problem = TopicNameRule.problem(with: name) { throw StoreError.invalidTopicName(problem: problem) }
        let existing = try await read { try await $0.topic(named: name) }
        let staged = try await stage(source, topicID: existing?.id, chunkRows: chunkRows)
        if existing == nil && dryRun {
            // A new topic would get every staged card: the staging's counts are the answer, no move needed.
            try? await discardStagedImport(staged.id)
            var summary = ImportSummary()
            summary.isDryRun = true
            summary.topicCreated = true
            summary.rows = staged.rows
            summary.cardsStored = Int(staged.nextSeq - 1)
            summary.twinsStored = staged.twins
            summary.duplicatesSkipped = staged.cardsAsked - summary.cardsStored
            return (Topic(id: 0, name: name, createdAt: now()), summary)
        }
        if existing == nil,
            let revealed = try await moveInHidden(staged, named: name, origin: origin, chunkCards: moveChunkCards)
        {
            return revealed
        }
        // An existing topic, or a topic of this name created while the cards were moving: one move.
        return try await moveIn(staged) { db in
            var topic: Topic?
            let summary = try await db.moveStagedImport(staged, origin: origin, dryRun: dryRun) { createdAt, summary in
                let found = try await db.insertTopicIfMissing(named: name, createdAt: createdAt)
                summary.topicCreated = found.created
                topic = found.topic
                return found.topic.id
            }
            guard let topic else { throw StoreError.invalidTopicName(problem: "was not created") }
            return (topic, summary)
        }
    }

    /// Imports rows into an existing topic, all or nothing, without holding the write lock for long.
    ///
    /// Rows are pulled from `source` and parsed outside any transaction, ``importChunkRows`` at a time; each chunk
    /// is written to the staging tables (`import_staged_cards`) in a short transaction of its own, which also skips
    /// the rows whose question the topic (or an earlier row) already has. After the last row, `source.finish` may
    /// still refuse the import. Then ONE transaction checks again for questions stored meanwhile, moves the staged
    /// cards into `cards` with `INSERT … SELECT` (pictures too) and marks the staging moved; short transactions
    /// then delete the staged rows. A refused import deletes its staged rows and stores nothing; an import that
    /// dies leaves only staged rows, removed by the next import once they are
    /// ``staleImportMilliseconds`` old.
    ///
    /// Cards go to the end of the deck in row order, each reversed row followed by its twin; a skipped card's twin
    /// is skipped too.
    ///
    /// - Parameters:
    ///   - dryRun: do everything, then roll the move back: the summary says what an import would store.
    ///   - chunkRows: rows per staging transaction.
    /// - Throws: ``StoreError/topicNotFound(topicID:)``, whatever `source` throws (nothing is imported), or a
    ///   ``StoreError``.
    package func importCards(
        topicID: Int64, origin: CardOrigin = .imported, from source: some CardRowSource, dryRun: Bool = false,
        chunkRows: Int = importChunkRows
    ) async throws -> ImportSummary {
        guard try await read({ try await $0.topicExists(id: topicID) }) else {
            throw StoreError.topicNotFound(topicID: topicID)
        }
        let staged = try await stage(source, topicID: topicID, chunkRows: chunkRows)
        return try await moveIn(staged) { db in
            try await db.moveStagedImport(staged, origin: origin, dryRun: dryRun) { _, _ in
                guard try await db.topicExists(id: topicID) else { throw StoreError.topicNotFound(topicID: topicID) }
                return topicID
            }
        }
    }

    /// Removes the staged rows of imports that died: stagings untouched for ``staleImportMilliseconds``, with the
    /// hidden topics they were filling, and hidden topics whose staging is gone (a `db copy` taken mid-import).
    ///
    /// - Returns: how many stagings were removed.
    @discardableResult
    package func removeStaleImports() async throws -> Int {
        let cutoff = now().unixMilliseconds - Self.staleImportMilliseconds
        let (stale, orphans) = try await read {
            await (try $0.importStagings(touchedBefore: cutoff), try $0.pendingImportTopics(stagingID: nil))
        }
        for id in stale { try await discardStagedImport(id) }
        for topicID in orphans { try await discardPendingTopic(topicID) }
        return stale.count
    }

    /// Stages every row of `source`, chunk by chunk, then lets `source.finish` refuse; on any error the staged rows
    /// are deleted before the error is passed on.
    private func stage(
        _ source: some CardRowSource, topicID: Int64?, chunkRows: Int
    ) async throws -> StagedImport {
        var source = source
        try await removeStaleImports()
        var staged = try await write("import cards (start)", patience: Self.paidWorkPatience) {
            try await $0.beginStagedImport()
        }
        do {
            var isAtEnd = false
            while !isAtEnd {
                var chunk: [ImportedCard] = []
                chunk.reserveCapacity(min(chunkRows, Self.importChunkRows))
                var bytes = 0
                while chunk.count < max(chunkRows, 1) && bytes < Self.importChunkBytes {
                    guard let row = try source.next() else {
                        isAtEnd = true
                        break
                    }
                    bytes += row.question.utf8.count + row.answer.utf8.count + (row.explanation?.utf8.count ?? 0)
                    bytes += row.image?.bytes.count ?? 0
                    chunk.append(row)
                }
                if chunk.isEmpty { break }
                let current = staged
                staged = try await write("import cards (stage)", patience: Self.paidWorkPatience) { [chunk] db in
                    try await db.stageImportRows(chunk, into: current, topicID: topicID)
                }
            }
            var summary = ImportSummary()
            summary.rows = staged.rows
            try source.finish(summary)
        } catch {
            try? await discardStagedImport(staged.id)
            throw error
        }
        return staged
    }

    /// Runs the move transaction, then deletes the staged rows whether it committed or not.
    private func moveIn<T: Sendable>(
        _ staged: StagedImport, _ body: @Sendable (borrowing Database) async throws -> T
    ) async throws -> T {
        let moved: T
        do {
            moved = try await write("import cards (move)", patience: Self.paidWorkPatience, body)
        } catch {
            try? await discardStagedImport(staged.id)
            throw error
        }
        // Clean-up only: the cards are in. A failure here leaves staged rows for the next import to sweep.
        try? await discardStagedImport(staged.id)
        return moved
    }

    /// Deletes one staging's rows in short transactions of at most ``importChunkRows`` × 4 rows, then the staging;
    /// first the hidden topic it was filling, if any, with its cards.
    package func discardStagedImport(_ id: Int64) async throws {
        for topicID in try await read({ try await $0.pendingImportTopics(stagingID: id) }) {
            try await discardPendingTopic(topicID)
        }
        var deleted = 1
        while deleted > 0 {
            deleted = try await write("import cards (clean up)", patience: Self.paidWorkPatience) { db in
                try await db.deleteStagedCards(stagingID: id, limit: Self.importChunkRows * 4)
            }
        }
        try await write("import cards (clean up)", patience: Self.paidWorkPatience) { db in
            try await db.deleteStaging(id: id)
        }
    }

    /// Deletes a hidden topic's cards in short transactions, then the topic.
    private func discardPendingTopic(_ topicID: Int64) async throws {
        var deleted = 1
        while deleted > 0 {
            deleted = try await write("import cards (clean up)", patience: Self.paidWorkPatience) { db in
                try await db.deletePendingImportCards(topicID: topicID, limit: Self.importChunkRows * 4)
            }
        }
    }

    /// Moves a staging's cards into a new hidden topic, `chunkCards` staged cards per transaction, then names it
    /// `name` and shows it in one short transaction. When a topic of that name appeared meanwhile, the hidden topic
    /// is deleted again and `nil` says to move the cards into that topic instead (the staged rows are still there).
    /// On any error the hidden topic and the staged rows are deleted before the error is passed on.
    private func moveInHidden(
        _ staged: StagedImport, named name: String, origin: CardOrigin, chunkCards: Int
    ) async throws -> (topic: Topic, summary: ImportSummary)? {
        let movedAt = now().unixMilliseconds
        let stagingID = staged.id
        do {
            let topicID = try await write("import cards (hidden topic)", patience: Self.paidWorkPatience) { db in
                try await db.insertPendingImportTopic(stagingID: stagingID, createdAt: movedAt)
            }
            var summary = ImportSummary()
            summary.rows = staged.rows
            summary.topicCreated = true
            var first: Int64 = 1
            let step = Int64(max(chunkCards, 1))
            while first < staged.nextSeq {
                let range = first...min(first + step - 1, staged.nextSeq - 1)
                let moved = try await write("import cards (move)", patience: Self.paidWorkPatience) { db in
                    try await db.movePendingChunk(
                        stagingID: stagingID, topicID: topicID, range: range, origin: origin, now: movedAt)
                }
                summary.cardsStored += moved.originals + moved.twins
                summary.twinsStored += moved.twins
                first = range.upperBound + 1
                try await seams.importMoveChunkCommitted?(topicID)
            }
            summary.duplicatesSkipped = staged.cardsAsked - summary.cardsStored
            let revealed = try await write("import cards (reveal)", patience: Self.paidWorkPatience) { db in
                try await db.revealPendingImportTopic(id: topicID, stagingID: stagingID, name: name, createdAt: movedAt)
            }
            guard let revealed else {
                try await discardPendingTopic(topicID)
                return nil
            }
            summary.clozeSiblingsStored = revealed.clozeSiblings
            // Clean-up only: the cards are in. A failure here leaves staged rows for the next import to sweep.
            try? await discardStagedImport(stagingID)
            return (revealed.topic, summary)
        } catch {
            try? await discardStagedImport(stagingID)
            throw error
        }
    }
}
