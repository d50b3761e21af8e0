import FCCore
import FCStore
import Foundation

extension ImportCards {
    /// Stages every row of `source`, chunk by chunk, each chunk in a short transaction of its own, then lets
    /// `source.finish` refuse; on any error the staged rows are deleted before the error is passed on.
    ///
    /// - Parameter topicID: the topic the cards go to, `nil` when it does not exist yet (nothing to skip then).
    static func stage(on store: Store, _ source: some CardRowSource, topicID: Int64?, chunkRows: Int) async throws
        -> StagedImport
    {
        var source = source
        try await removeStale(on: store)
        var staged = StagedImport(
            id: try await store.write("import cards (start)", patience: Store.paidWorkPatience) { db in
                try await db.insertStaging(at: store.now().unixMilliseconds)
            })
        do {
            var isAtEnd = false
            while !isAtEnd {
                var chunk: [ImportedCard] = []
                chunk.reserveCapacity(min(chunkRows, Self.chunkRows))
                var bytes = 0
                while chunk.count < max(chunkRows, 1) && bytes < chunkBytes {
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
                staged = try await store.write("import cards (stage)", patience: Store.paidWorkPatience) { [chunk] db in
                    try await stageChunk(chunk, into: current, topicID: topicID, time: store.now(), in: db)
                }
            }
            var summary = ImportSummary()
            summary.rows = staged.rows
            try source.finish(summary)
        } catch {
            try? await discard(on: store, staged.id)
            throw error
        }
        return staged
    }

    /// Stages one chunk of rows: each card (and a reversed row's twin) whose question the topic does not have yet
    /// and no earlier row of this import had; pictures beside them. Marks the staging touched.
    @_semantics("optimize.sil.specialize.generic.never")
    static func stageChunk(
        _ rows: [ImportedCard], into staged: StagedImport, topicID: Int64?, time: Date,
        in db: borrowing some ImportRepository & ~Copyable
    ) async throws -> StagedImport {
        var staged = staged
        for row in rows {
            staged.rows += 1
            staged.cardsAsked += row.isReversed ? 2 : 1
            if let image = row.image { try await db.insertStagedImage(image, stagingID: staged.id) }
            let key = NewCard.dedupKey(question: row.question, imageHash: row.image?.hash)
            let card = StagedCard(
                stagingID: staged.id, seq: 0, kind: row.kind, question: row.question, answer: row.answer,
                explanation: row.explanation, imageRef: row.image?.hash, dedupKey: key, twinOf: nil,
                choices: row.choices)
            guard try await stage(card, topicID: topicID, into: &staged, in: db), row.isReversed else { continue }
            // A twin asks the answer and has no picture, as a twin made by `card add --reverse`; a multiple-choice
            // card's options stay with the original.
            let twin = StagedCard(
                stagingID: staged.id, seq: 0, kind: row.kind, question: row.answer, answer: row.question,
                explanation: row.explanation, imageRef: nil,
                dedupKey: NewCard.dedupKey(question: row.answer, imageHash: nil), twinOf: key, choices: nil)
            _ = try await stage(twin, topicID: topicID, into: &staged, in: db)
        }
        try await db.touchStaging(staged.id, at: time.unixMilliseconds)
        return staged
    }

    /// - Returns: whether the card was staged (`false`: the topic or an earlier row has its question).
    @_semantics("optimize.sil.specialize.generic.never")
    private static func stage(
        _ card: StagedCard, topicID: Int64?, into staged: inout StagedImport,
        in db: borrowing some ImportRepository & ~Copyable
    ) async throws -> Bool {
        if let topicID, try await db.topicHasCard(topicID: topicID, dedupKey: card.dedupKey) { return false }
        var card = card
        card.seq = staged.nextSeq
        guard try await db.insertStagedCard(card) else { return false }
        staged.nextSeq += 1
        if card.twinOf != nil { staged.twins += 1 }
        return true
    }
}
