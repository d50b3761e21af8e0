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
        try await Sessions.open(on: store, id: id, userID: userID)
    }

    /// Moves the session's current card (`cardID`) to the end of its queue (``SessionSteps/skip(on:_:cardID:)``).
    package func skip(_ session: StudySessionRecord, cardID: Int64) async throws -> StudySessionRecord {
        try await SessionSteps.skip(on: store, session, cardID: cardID)
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
            let buried = try await db.buryCards(ids: cardIDs, userID: userID, until: until)
            try await Sessions.withdraw(in: db, cardIDs: Set(buried), userID: userID)
            return buried
        }
        return Burial(until: until, cardIDs: buried, asked: cardIDs)
    }

    /// Buries the session's current card (`cardID`, checked) as ``bury(cardIDs:userID:day:)`` does; the session as
    /// it stands afterwards (the card and its siblings out of its queue), with the burial.
    ///
    /// - Throws: ``FCStore/StoreError/sessionEnded(id:)``, ``FCStore/StoreError/sessionConflict(id:problem:)``
    ///   when `cardID` is not the card the session shows next.
    package func buryNext(
        of session: StudySessionRecord, cardID: Int64, day: StudyDay
    ) async throws -> (session: StudySessionRecord, burial: Burial) {
        try session.expectNext(cardID)
        let burial = try await bury(cardIDs: [cardID], userID: session.userID, day: day)
        return (try await openSession(id: session.id, userID: session.userID), burial)
    }

    /// Suspends the session's current card (`cardID`, checked) as ``suspend(cardIDs:userID:)`` does; the session as
    /// it stands afterwards.
    ///
    /// - Throws: ``FCStore/StoreError/sessionEnded(id:)``, ``FCStore/StoreError/sessionConflict(id:problem:)``.
    package func suspendNext(of session: StudySessionRecord, cardID: Int64) async throws -> StudySessionRecord {
        try session.expectNext(cardID)
        try await suspend(cardIDs: [cardID], userID: session.userID)
        return try await openSession(id: session.id, userID: session.userID)
    }

    /// Suspends cards: no queue shows them until ``unsuspend(cardIDs:userID:)``; they leave the learner's open
    /// sessions.
    package func suspend(cardIDs: [Int64], userID: Int64) async throws {
        try await store.write("suspend cards") { db in
            try await db.suspendCards(ids: cardIDs, userID: userID)
            try await Sessions.withdraw(in: db, cardIDs: Set(cardIDs), userID: userID)
        }
    }

    /// Lets suspended cards back into the learner's queues.
    package func unsuspend(cardIDs: [Int64], userID: Int64) async throws {
        try await store.write("unsuspend cards") { db in try await db.unsuspendCards(ids: cardIDs, userID: userID) }
    }
}
