import FCCore
package import FCStore
import Foundation

/// Starting and reading stored study sessions, each in one transaction of the store through its
/// ``FCStore/SessionRepository``. What happens in a session (an answer, a skip, an undo, its end) is
/// ``SessionSteps``'; which cards its queue holds is `StudyService`'s.
package enum Sessions {
    /// Stores a new session with its planned queue, started now by the store's clock.
    package static func start(
        on store: Store, userID: Int64, mode: SessionMode, topicIDs: [Int64], queue: [Int64]
    ) async throws -> StudySessionRecord {
        let startedAt = store.now()
        let id = try await store.write("start session") { db in
            try await db.insertSession(
                userID: userID, mode: mode, topicIDs: topicIDs, queue: queue, startedAt: startedAt.unixMilliseconds)
        }
        return StudySessionRecord(
            id: id, userID: userID, mode: mode, topicIDs: topicIDs, queue: queue,
            startedAt: Date(unixMilliseconds: startedAt.unixMilliseconds))
    }

    /// The learner's session `id`, ended or not.
    ///
    /// - Throws: ``FCStore/StoreError/sessionNotFound(id:)`` when there is none (or it is another learner's).
    package static func session(on store: Store, id: Int64, userID: Int64) async throws -> StudySessionRecord {
        try await store.read { db in try await db.session(id: id, userID: userID) }
    }

    /// The learner's session `id`, refused when it has ended: what every step of a stored session starts with, so an
    /// ended session gives the same error whatever is asked of it.
    ///
    /// - Throws: ``FCStore/StoreError/sessionNotFound(id:)``, ``FCStore/StoreError/sessionEnded(id:)``.
    package static func open(on store: Store, id: Int64, userID: Int64) async throws -> StudySessionRecord {
        let session = try await session(on: store, id: id, userID: userID)
        guard !session.isEnded else { throw StoreError.sessionEnded(id: id) }
        return session
    }

    /// The learner's most recent sessions with at least one answer, newest first: a session that was started and
    /// abandoned (or whose every answer was undone) is no study and is left out.
    package static func recent(on store: Store, userID: Int64, limit: Int) async throws -> [StudySessionRecord] {
        try await store.read { db in try await db.recentSessions(userID: userID, limit: limit) }
    }

    /// The learner's sessions that can be taken up again, newest first: not ended, with cards left in their queue
    /// (a reload, or another device, resumes one). Among the newest `scanned` not ended, so a learner who leaves
    /// many sessions open costs a bounded read.
    package static func unfinished(
        on store: Store, userID: Int64, limit: Int, scanned: Int = 20
    ) async throws -> [StudySessionRecord] {
        let open = try await store.read { db in try await db.openSessions(userID: userID, newest: scanned) }
        return Array(open.filter { $0.remaining > 0 }.prefix(limit))
    }

    /// Takes cards out of what is still to come in open sessions, in the caller's transaction: the learner's (the
    /// cards were buried or suspended), or every learner's (`userID` nil: the cards were deleted, and no session may
    /// stop at a card that is gone).
    package static func withdraw(
        in db: borrowing some SessionRepository & ~Copyable, cardIDs: Set<Int64>, userID: Int64?
    ) async throws {
        for var session in try await db.openSessions(userID: userID) {
            if session.withdraw(cardIDs) { try await db.saveQueue(session) }
        }
    }
}
