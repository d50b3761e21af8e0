import FCCore
public import FCStore
public import Foundation

/// What a learner can do in a session besides answering: skip a card, undo the last answer, bury a card until
/// tomorrow, suspend it until further notice. An ended session refuses all of it with
/// ``FCStore/StoreError/sessionEnded(id:)``.
extension StudyService {
    /// The learner's session, refused when it has ended: what every step of a stored session starts with, so an
    /// ended session gives the same error whatever is asked of it.
    ///
    /// - Throws: ``FCStore/StoreError/sessionNotFound(id:)``, ``FCStore/StoreError/sessionEnded(id:)``.
    package func openSession(id: Int64, userID: Int64) async throws -> StudySessionRecord {
        let session = try await store.session(id: id, userID: userID)
        guard !session.isEnded else { throw StoreError.sessionEnded(id: id) }
        return session
    }

    /// Moves the session's current card (`cardID`) to the end of its queue.
    package func skip(_ session: StudySessionRecord, cardID: Int64) async throws -> StudySessionRecord {
        guard session.id != 0 else {
            var moved = session
            try moved.expectNext(cardID)
            moved.queue.remove(at: moved.position)
            moved.queue.append(cardID)
            return moved
        }
        return try await store.skipCard(sessionID: session.id, userID: session.userID, cardID: cardID)
    }

    /// Undoes the session's last answer: its review, the card state, the session's counters and every XP award or
    /// reward it paid, in one transaction (``SessionSteps/undoLastAnswer(in:sessionID:userID:)``).
    package func undo(_ session: StudySessionRecord) async throws -> UndoneAnswer {
        try await store.write("undo last answer") { db in
            try await SessionSteps.undoLastAnswer(in: db, sessionID: session.id, userID: session.userID)
        }
    }

    /// Buries cards until the start of the learner's next local day (`day`'s calendar): no queue shows them before
    /// then, and they leave the learner's open sessions. A cloze card's siblings go with it; the result lists them.
    package func bury(cardIDs: [Int64], userID: Int64, day: StudyDay) async throws -> Burial {
        let until = day.endOfDay(containing: now()).addingTimeInterval(0.001)
        let buried = try await store.write("bury cards") { db in
            try await db.buryCards(ids: cardIDs, userID: userID, until: until)
        }
        return Burial(until: until, cardIDs: buried, asked: cardIDs)
    }

    /// Suspends cards: no queue shows them until ``unsuspend(cardIDs:userID:)``; they leave the learner's open
    /// sessions.
    package func suspend(cardIDs: [Int64], userID: Int64) async throws {
        try await store.write("suspend cards") { db in try await db.suspendCards(ids: cardIDs, userID: userID) }
    }

    /// Lets suspended cards back into the learner's queues.
    package func unsuspend(cardIDs: [Int64], userID: Int64) async throws {
        try await store.write("unsuspend cards") { db in try await db.unsuspendCards(ids: cardIDs, userID: userID) }
    }
}
