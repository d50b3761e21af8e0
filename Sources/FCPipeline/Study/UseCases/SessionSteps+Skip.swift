package import FCStore

extension SessionSteps {
    /// Where a session card is skipped: the session's current card (`cardID`) moves to the end of its queue, so the
    /// learner sees it again after the others (when it is the last card left, it stays the next one). Nothing is
    /// recorded about the card. A session kept in memory only (id 0) is moved without the store.
    ///
    /// - Throws: ``FCStore/StoreError/sessionNotFound(id:)``, ``FCStore/StoreError/sessionEnded(id:)``,
    ///   ``FCStore/StoreError/sessionConflict(id:problem:)`` when `cardID` is not the card the session shows next.
    package static func skip(on store: Store, _ session: StudySessionRecord, cardID: Int64) async throws
        -> StudySessionRecord
    {
        guard session.id != 0 else { return try skipped(session, cardID: cardID) }
        return try await store.write("skip card") { db in
            let moved = try skipped(try await db.session(id: session.id, userID: session.userID), cardID: cardID)
            try await db.saveQueue(moved)
            return moved
        }
    }

    /// `session` with its next card, `cardID` (checked), moved to the end of its queue.
    private static func skipped(_ session: StudySessionRecord, cardID: Int64) throws -> StudySessionRecord {
        var moved = session
        try moved.expectNext(cardID)
        moved.queue.remove(at: moved.position)
        moved.queue.append(cardID)
        return moved
    }
}
