import FCCore
package import FCStore

/// Collects what undoing one answer in a session needs (an ``FCStore/AnswerUndo``) while the answer's transaction
/// writes: every row the answer changes, as it was before, and every row it inserts. A reference, so each write
/// step can add what it replaced and inserted.
///
/// The order matters: ``begin(in:sessionID:userID:cardID:)`` before the answer writes anything,
/// ``captureBeforeImages(of:userID:in:)`` before each gamification write is applied (the rows it is about to change
/// are still as they were), ``noteInsertedAwards(of:commit:)`` after it, and
/// ``store(in:sessionID:userID:reviewID:stateAfter:quiz:)`` last, after the learner's gamification state row was
/// saved.
package final class AnswerUndoCapture {
    package private(set) var undo: AnswerUndo

    /// A capture that goes on from `undo`, a stored answer's record: what a later step of that answer (the learner's
    /// "I was right") writes is added to it, so undoing the answer takes the step back too.
    package init(_ undo: AnswerUndo) {
        self.undo = undo
    }

    /// Begins the record of an answer to `cardID` in the session: its position and counters, and the learner's
    /// state of the card, before the answer.
    ///
    /// - Throws: ``FCStore/StoreError/sessionNotFound(id:)``.
    static func begin(in db: borrowing Database, sessionID: Int64, userID: Int64, cardID: Int64) async throws
        -> AnswerUndoCapture
    {
        let session = try await db.session(id: sessionID, userID: userID)
        let snapshot = SessionSnapshot(
            position: session.position, counts: session.counts,
            perfect: try await db.perfectAnswers(sessionID: sessionID))
        return AnswerUndoCapture(
            AnswerUndo(
                cardID: cardID, stateBefore: try await db.cardState(userID: userID, cardID: cardID), session: snapshot))
    }

    /// Reads, before `write` is applied, the rows it will change and which of its inserts are new; a row already
    /// imaged by an earlier step of the answer keeps its first image.
    func captureBeforeImages(of write: GamificationWrite, userID: Int64, in db: borrowing Database) async throws {
        var images: GamificationUndo
        if let existing = undo.gamification {
            images = existing
        } else {
            images = GamificationUndo(stateBefore: try await db.gamificationStateRow(userID: userID))
        }
        for challenge in write.challenges
        where !images.challenges.contains(where: { $0.day == challenge.day && $0.kind == challenge.kind }) {
            let row = try await db.challenges(userID: userID, day: challenge.day).first { $0.kind == challenge.kind }
            images.challenges.append(.init(day: challenge.day, kind: challenge.kind, row: row))
        }
        let days = Set(write.awards.map(\.day) + [write.dailyStats?.day].compactMap { $0 })
        for day in days.sorted() where !images.dailyStats.contains(where: { $0.day == day }) {
            images.dailyStats.append(.init(day: day, row: try await db.dailyStatsRow(userID: userID, day: day)))
        }
        for achievement in write.achievements {
            let id = achievement.achievementID
            if try await !db.hasAchievement(userID: userID, achievementID: id) { images.achievements.append(id) }
        }
        for box in write.boxesEarned {
            if try await !db.hasBox(userID: userID, boxID: box.boxID) { images.boxes.append(box.boxID) }
        }
        undo.gamification = images
    }

    /// Notes the awards of `write` that `commit` says were inserted (the others were already paid).
    func noteInsertedAwards(of write: GamificationWrite, commit: GamificationCommit) {
        let inserted = write.awards.filter { commit.insertedKeys.contains($0.key) }
        undo.gamification?.awards += inserted.map { .init(kind: $0.kind, reference: $0.reference) }
    }

    /// The record as it stands, with the learner's gamification state row as the transaction leaves it (what undo
    /// compares with the row it finds then), when the answer was gamified.
    func completed(in db: borrowing Database, userID: Int64) async throws -> AnswerUndo {
        var record = undo
        if record.gamification != nil {
            record.gamification?.stateAfter = try await db.gamificationStateRow(userID: userID)
        }
        return record
    }

    /// Completes the record and stores it as the session's answer at its position, with a quiz answer's text and
    /// verdict (`quiz`); inside the transaction, after the gamification state was saved.
    func store(
        in db: borrowing Database, sessionID: Int64, userID: Int64, reviewID: Int64?, stateAfter: StoredCardState?,
        quiz: QuizGrading? = nil
    ) async throws {
        var record = try await completed(in: db, userID: userID)
        record.reviewID = reviewID
        // As stored (times in whole milliseconds), so undo can compare it with the row it finds then.
        if stateAfter != nil { record.stateAfter = try await db.cardState(userID: userID, cardID: record.cardID) }
        try await db.upsertSessionAnswer(
            record, sessionID: sessionID, quiz: quiz, answeredAt: db.now().unixMilliseconds)
    }
}
