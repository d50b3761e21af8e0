import FCCore
import Foundation

/// Capturing what undoing an answer needs, inside the answer's transaction (see ``AnswerUndo``).
///
/// The order matters: ``beginAnswerUndo(sessionID:userID:cardID:)`` before the answer writes anything,
/// ``captureBeforeImages(of:userID:into:)`` before each gamification write is applied (the rows it is about to
/// change are still as they were), ``captureInsertedAwards(of:commit:into:)`` after it, and
/// ``storeAnswerUndo(_:sessionID:userID:reviewID:stateAfter:)`` last, after the learner's gamification state row
/// was saved.
extension Database {
    /// The session's counters and the learner's card state before an answer.
    package func beginAnswerUndo(sessionID: Int64, userID: Int64, cardID: Int64) async throws -> AnswerUndoCapture {
        let session = try await session(id: sessionID, userID: userID)
        return await AnswerUndoCapture(
            AnswerUndo(
                cardID: cardID, reviewID: nil, stateBefore: try cardState(userID: userID, cardID: cardID),
                stateAfter: nil,
                session: SessionSnapshot(
                    position: session.position, counts: session.counts,
                    perfect: try perfectAnswers(sessionID: sessionID)),
                gamification: nil))
    }

    /// Reads, before `write` is applied, the rows it will change and which of its inserts are new.
    package func captureBeforeImages(of write: GamificationWrite, userID: Int64, into capture: AnswerUndoCapture)
        async throws
    {
        var undo: GamificationUndo
        if let existing = capture.undo.gamification {
            undo = existing
        } else {
            undo = GamificationUndo(stateBefore: try await gamificationStateRow(userID: userID))
        }
        for challenge in write.challenges
        where !undo.challenges.contains(where: { $0.day == challenge.day && $0.kind == challenge.kind }) {
            let row = try await challenges(userID: userID, day: challenge.day).first { $0.kind == challenge.kind }
            undo.challenges.append(.init(day: challenge.day, kind: challenge.kind, row: row))
        }
        let days = Set(write.awards.map(\.day) + [write.dailyStats?.day].compactMap { $0 })
        for day in days.sorted() where !undo.dailyStats.contains(where: { $0.day == day }) {
            await undo.dailyStats.append(.init(day: day, row: try dailyStatsRow(userID: userID, day: day)))
        }
        for achievement in write.achievements {
            let id = achievement.achievementID
            if try await !rowExists("SELECT 1 FROM achievements WHERE user_id = \(userID) AND achievement_id = \(id)") {
                undo.achievements.append(achievement.achievementID)
            }
        }
        for box in write.boxesEarned {
            if try await !rowExists("SELECT 1 FROM boxes WHERE user_id = \(userID) AND box_id = \(box.boxID)") {
                undo.boxes.append(box.boxID)
            }
        }
        capture.undo.gamification = undo
    }

    /// Notes the awards of `write` that `commit` says were inserted (the others were already paid).
    package func captureInsertedAwards(
        of write: GamificationWrite, commit: GamificationCommit, into capture: AnswerUndoCapture
    ) {
        let inserted = write.awards.filter { commit.insertedKeys.contains($0.key) }
        capture.undo.gamification?.awards += inserted.map { .init(kind: $0.kind, reference: $0.reference) }
    }

    /// Completes the capture and stores it as the session's answer at its position, with a quiz answer's text and
    /// verdict (`quiz`); inside the transaction, after the gamification state was saved.
    package func storeAnswerUndo(
        _ capture: AnswerUndoCapture, sessionID: Int64, userID: Int64, reviewID: Int64?, stateAfter: StoredCardState?,
        quiz: QuizGrading? = nil
    ) async throws {
        var undo = capture.undo
        undo.reviewID = reviewID
        // As stored (times in whole milliseconds), so undo can compare it with the row it finds then.
        if stateAfter != nil { undo.stateAfter = try await cardState(userID: userID, cardID: undo.cardID) }
        if undo.gamification != nil { undo.gamification?.stateAfter = try await gamificationStateRow(userID: userID) }
        let json = String(decoding: try AnswerUndo.encoder.encode(undo), as: UTF8.self)
        try await connection.withQuery(
            """
            INSERT INTO session_answers (session_id, position, card_id, review_id, answered_at, undo_json, typed,
                verdict, overridden)
            VALUES (\(sessionID), \(undo.session.position), \(undo.cardID), \(reviewID), \(now().unixMilliseconds),
                \(json), \(quiz?.typed), \(quiz?.verdict.rawValue), 0)
            ON CONFLICT (session_id, position) DO UPDATE SET card_id = excluded.card_id,
                review_id = excluded.review_id, answered_at = excluded.answered_at, undo_json = excluded.undo_json,
                typed = excluded.typed, verdict = excluded.verdict, overridden = 0
            """,
            operation: "record session answer"
        ) { statement in
            try await statement.run()
        }
    }

    /// The learner's `gamification_state` row.
    package func gamificationStateRow(userID: Int64) async throws -> GamificationUndo.StateRow? {
        try await gamificationState(userID: userID).map {
            GamificationUndo.StateRow(stateJSON: $0.stateJSON, totalXP: $0.totalXP, updatedAt: $0.updatedAt)
        }
    }

    /// The learner's `daily_stats` row for `day`.
    func dailyStatsRow(userID: Int64, day: String) async throws -> DailyStatsRecord? {
        try await connection.withQuery(
            """
            SELECT cards_reviewed, topics_explored, achievements, xp FROM daily_stats WHERE user_id = \(userID) AND day
                = \(day)
            """,
            operation: "read daily stats"
        ) { statement in
            guard try await statement.step() else { return nil }
            return DailyStatsRecord(
                userID: userID, day: day, cardsReviewed: statement.int(at: 0), topicsExplored: statement.int(at: 1),
                achievements: statement.int(at: 2), xp: statement.int(at: 3))
        }
    }

    private func rowExists(_ query: StoreQuery) async throws -> Bool {
        try await connection.withQuery(query, operation: "check row") { statement in
            return try await statement.step()
        }
    }
}
