import FCCore
import FCStore
import Foundation

extension ImportCards {
    /// The topic a one-transaction move goes to.
    enum Destination: Sendable {
        /// An existing topic; gone by the move: ``FCStore/StoreError/topicNotFound(topicID:)``.
        case id(Int64)
        /// The topic of that name, created in the move's transaction when missing.
        case named(String)
    }

    /// Runs the one-transaction move (``moveAll(_:into:origin:dryRun:time:in:)``), then deletes the staged rows
    /// whether it committed or not.
    static func moveInOneTransaction(
        on store: Store, _ staged: StagedImport, into destination: Destination, origin: CardOrigin, dryRun: Bool
    ) async throws -> (topic: Topic?, summary: ImportSummary) {
        let moved: (topic: Topic?, summary: ImportSummary)
        do {
            moved = try await store.write("import cards (move)", patience: Store.paidWorkPatience) { db in
                try await moveAll(staged, into: destination, origin: origin, dryRun: dryRun, time: store.now(), in: db)
            }
        } catch {
            try? await discard(on: store, staged.id)
            throw error
        }
        // Clean-up only: the cards are in. A failure here leaves staged rows for the next import to sweep.
        try? await discard(on: store, staged.id)
        return moved
    }

    /// Moves every staged card into the destination and marks the staging moved, in the caller's transaction; a
    /// dry run does it all inside a savepoint and rolls that back.
    ///
    /// Staged cards whose question the topic gained since they were staged are dropped first (with the twins of
    /// dropped originals), so the move never meets the `(topic_id, dedup_key)` constraint. Cards go after the deck's
    /// last position, numbered by `seq` while none was dropped, by rank after drops.
    @_semantics("optimize.sil.specialize.generic.never")
    static func moveAll(
        _ staged: StagedImport, into destination: Destination, origin: CardOrigin, dryRun: Bool, time: Date,
        in db: borrowing some ImportRepository & ~Copyable
    ) async throws -> (topic: Topic?, summary: ImportSummary) {
        let time = time.unixMilliseconds
        try await db.beginSavepoint("import")
        do {
            var summary = ImportSummary()
            summary.isDryRun = dryRun
            summary.rows = staged.rows
            let topic: Topic?
            let topicID: Int64
            switch destination {
            case .id(let id):
                guard try await db.topicExists(id: id) else { throw StoreError.topicNotFound(topicID: id) }
                (topic, topicID) = (nil, id)
            case .named(let name):
                let found = try await db.insertTopicIfMissing(named: name, createdAt: time)
                summary.topicCreated = found.created
                (topic, topicID) = (found.topic, found.topic.id)
            }
            let dropped = try await db.deleteStagedCards(stagingID: staged.id, alreadyIn: topicID)
            let move = StagedMove(
                stagingID: staged.id, topicID: topicID, origin: origin, time: time,
                position: try await db.lastCardPosition(topicID: topicID), numbering: dropped == 0 ? .seq : .rank,
                seqs: nil, twins: false)
            let moved = try await insertCards(move, in: db)
            summary.clozeSiblingsStored = try await db.syncNewClozeNotes(topicID: topicID)
            summary.cardsStored = moved.originals + moved.twins
            summary.twinsStored = moved.twins
            summary.duplicatesSkipped = staged.cardsAsked - summary.cardsStored
            try await db.markStagingMoved(staged.id, at: time)
            try await db.endSavepoint("import", rollingBack: dryRun)
            return (topic, summary)
        } catch {
            try? await db.endSavepoint("import", rollingBack: true)
            throw error
        }
    }

    /// Moves a staging's cards into a new hidden topic, `chunkCards` staged cards per transaction, then names it
    /// `name` and shows it in one short transaction. When a topic of that name appeared meanwhile, the hidden topic
    /// is deleted again and `nil` says to move the cards into that topic instead (the staged rows are still there).
    /// On any error the hidden topic and the staged rows are deleted before the error is passed on.
    static func moveInHidden(
        on store: Store, _ staged: StagedImport, named name: String, origin: CardOrigin, chunkCards: Int
    ) async throws -> (topic: Topic, summary: ImportSummary)? {
        let movedAt = store.now().unixMilliseconds
        let stagingID = staged.id
        do {
            let topicID = try await store.write("import cards (hidden topic)", patience: Store.paidWorkPatience) {
                try await $0.insertHiddenTopic(stagingID: stagingID, createdAt: movedAt)
            }
            var summary = ImportSummary()
            summary.rows = staged.rows
            summary.topicCreated = true
            // A new topic has no card to clash with and none is dropped, so a card's position is its `seq`.
            var move = StagedMove(
                stagingID: stagingID, topicID: topicID, origin: origin, time: movedAt, position: 0, numbering: .seq,
                seqs: nil, twins: false)
            var first: Int64 = 1
            let step = Int64(max(chunkCards, 1))
            while first < staged.nextSeq {
                let range = first...min(first + step - 1, staged.nextSeq - 1)
                move.seqs = range
                let chunk = move
                let moved = try await store.write("import cards (move)", patience: Store.paidWorkPatience) { db in
                    let moved = try await insertCards(chunk, in: db)
                    try await db.touchStaging(stagingID, at: store.now().unixMilliseconds)
                    return moved
                }
                summary.cardsStored += moved.originals + moved.twins
                summary.twinsStored += moved.twins
                first = range.upperBound + 1
                try await store.seams.importMoveChunkCommitted?(topicID)
            }
            summary.duplicatesSkipped = staged.cardsAsked - summary.cardsStored
            let revealed = try await store.write("import cards (reveal)", patience: Store.paidWorkPatience) { db in
                try await reveal(topicID, named: name, stagingID: stagingID, time: movedAt, in: db)
            }
            guard let revealed else {
                try await discardHiddenTopic(on: store, topicID)
                return nil
            }
            summary.clozeSiblingsStored = revealed.clozeSiblings
            // Clean-up only: the cards are in. A failure here leaves staged rows for the next import to sweep.
            try? await discard(on: store, stagingID)
            return (revealed.topic, summary)
        } catch {
            try? await discard(on: store, stagingID)
            throw error
        }
    }

    /// Names the hidden topic and clears its mark, so every reader sees it, all its cards at once; marks the staging
    /// moved; its cloze cards get their siblings (after the last staged card's position). Refuses (`nil`, changing
    /// nothing) when a visible topic took the name meanwhile.
    @_semantics("optimize.sil.specialize.generic.never")
    private static func reveal(
        _ topicID: Int64, named name: String, stagingID: Int64, time: Int64,
        in db: borrowing some ImportRepository & ~Copyable
    ) async throws -> (topic: Topic, clozeSiblings: Int)? {
        guard try await db.topic(named: name) == nil else { return nil }
        let topic = try await db.revealHiddenTopic(id: topicID, name: name, createdAt: time)
        let siblings = try await db.syncNewClozeNotes(topicID: topicID)
        try await db.markStagingMoved(stagingID, at: time)
        return (topic, siblings)
    }

    /// The pictures the staged cards of `move` use, then its originals, then their twins (joined to originals moved
    /// in this statement or an earlier one, `seq` being row order).
    @_semantics("optimize.sil.specialize.generic.never")
    private static func insertCards(
        _ move: StagedMove, in db: borrowing some ImportRepository & ~Copyable
    ) async throws -> (originals: Int, twins: Int) {
        try await db.insertStagedImages(stagingID: move.stagingID, seqs: move.seqs, createdAt: move.time)
        var move = move
        let originals = try await db.insertStagedCards(move)
        move.twins = true
        return (originals, try await db.insertStagedCards(move))
    }
}
