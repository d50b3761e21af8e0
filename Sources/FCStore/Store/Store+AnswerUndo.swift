import FCCore
import Foundation

/// The `session_answers` rows (one per answer given in a stored session, with its undo record) and the
/// before-images an undo record is made of (``AnswerUndoRepository``).
extension Database {
    package func sessionAnswer(sessionID: Int64, position: Int) async throws -> StoredSessionAnswer? {
        try await connection.withQuery(
            """
            SELECT card_id, answered_at, typed, verdict, overridden FROM session_answers
            WHERE session_id = \(sessionID) AND position = \(position)
            """,
            operation: "read session answer"
        ) { statement in
            guard try await statement.step() else { return nil }
            var verdict: QuizVerdict?
            if let text = statement.optionalString(at: 3) {
                guard let known = QuizVerdict(rawValue: text) else {
                    throw StoreError.corruptRow(table: "session_answers", column: "verdict", rowID: sessionID)
                }
                verdict = known
            }
            return StoredSessionAnswer(
                position: position, cardID: statement.int64(at: 0),
                answeredAt: Date(unixMilliseconds: statement.int64(at: 1)), typed: statement.optionalString(at: 2),
                verdict: verdict, overridden: statement.int(at: 4) != 0)
        }
    }

    package func answerUndo(sessionID: Int64, position: Int) async throws -> AnswerUndo? {
        let json = try await connection.withQuery(
            "SELECT undo_json FROM session_answers WHERE session_id = \(sessionID) AND position = \(position)",
            operation: "read session answer"
        ) { statement in
            return try await statement.step() ? statement.optionalString(at: 0) : nil
        }
        return try json.map { try Self.answerUndo(json: $0, sessionID: sessionID) }
    }

    package func answerUndos(sessionID: Int64, after position: Int) async throws -> [(position: Int, undo: AnswerUndo)]
    {
        let rows = try await connection.rows(
            """
            SELECT position, undo_json FROM session_answers WHERE session_id = \(sessionID) AND position > \(position)
            ORDER BY position
            """,
            operation: "read session answers"
        ) { statement in (statement.int(at: 0), statement.string(at: 1)) }
        return try rows.map { position, json in (position, try Self.answerUndo(json: json, sessionID: sessionID)) }
    }

    package func upsertSessionAnswer(
        _ undo: AnswerUndo, sessionID: Int64, quiz: QuizGrading?, answeredAt: Int64
    ) async throws {
        let json = try Self.undoJSON(undo)
        try await connection.runQuery(
            """
            INSERT INTO session_answers (session_id, position, card_id, review_id, answered_at, undo_json, typed,
                verdict, overridden)
            VALUES (\(sessionID), \(undo.session.position), \(undo.cardID), \(undo.reviewID), \(answeredAt),
                \(json), \(quiz?.typed), \(quiz?.verdict.rawValue), 0)
            ON CONFLICT (session_id, position) DO UPDATE SET card_id = excluded.card_id,
                review_id = excluded.review_id, answered_at = excluded.answered_at, undo_json = excluded.undo_json,
                typed = excluded.typed, verdict = excluded.verdict, overridden = 0
            """,
            operation: "record session answer")
    }

    package func updateAnswerUndo(_ undo: AnswerUndo, sessionID: Int64, position: Int, overridden: Bool) async throws {
        let json = try Self.undoJSON(undo)
        let marked: StoreQuery = overridden ? ", overridden = 1" : ""
        try await connection.runQuery(
            """
            UPDATE session_answers SET undo_json = \(json)\(marked)
            WHERE session_id = \(sessionID) AND position = \(position)
            """,
            operation: "record override")
    }

    package func deleteSessionAnswer(sessionID: Int64, position: Int) async throws {
        try await connection.runQuery(
            "DELETE FROM session_answers WHERE session_id = \(sessionID) AND position = \(position)",
            operation: "undo answer")
    }

    package func gamificationStateRow(userID: Int64) async throws -> GamificationUndo.StateRow? {
        try await gamificationState(userID: userID).map {
            GamificationUndo.StateRow(stateJSON: $0.stateJSON, totalXP: $0.totalXP, updatedAt: $0.updatedAt)
        }
    }

    package func dailyStatsRow(userID: Int64, day: String) async throws -> DailyStatsRecord? {
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

    package func hasAchievement(userID: Int64, achievementID: String) async throws -> Bool {
        try await rowExists(
            "SELECT 1 FROM achievements WHERE user_id = \(userID) AND achievement_id = \(achievementID)")
    }

    package func hasBox(userID: Int64, boxID: String) async throws -> Bool {
        try await rowExists("SELECT 1 FROM boxes WHERE user_id = \(userID) AND box_id = \(boxID)")
    }

    private func rowExists(_ query: StoreQuery) async throws -> Bool {
        try await connection.withQuery(query, operation: "check row") { statement in
            return try await statement.step()
        }
    }

    private static func answerUndo(json: String, sessionID: Int64) throws -> AnswerUndo {
        do {
            return try AnswerUndo.decoder.decode(AnswerUndo.self, from: Data(json.utf8))
        } catch {
            throw StoreError.corruptRow(table: "session_answers", column: "undo_json", rowID: sessionID)
        }
    }

    private static func undoJSON(_ undo: AnswerUndo) throws -> String {
        String(decoding: try AnswerUndo.encoder.encode(undo), as: UTF8.self)
    }
}
