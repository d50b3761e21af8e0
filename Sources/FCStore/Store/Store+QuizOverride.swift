import FCCore
import Foundation

/// The rows behind a quiz answer the learner claims right ("I was right"): the answer's row says so, the session
/// counts it right, and the undo records stay exact (see ``recordOverride(_:sessionID:position:userID:)``).
extension Database {
    /// The session's answer at `position` (0-based, its place in the queue); `nil` when none is stored there.
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

    /// Records that the learner claimed the session's answer at `position` right, in the transaction of the claim:
    /// the answer's row is marked `overridden` and gets `capture` as its undo record (the answer's, with what the
    /// claim paid added: undoing the answer takes both back); the session counts the answer right
    /// (``SessionCounts/countOverride()``); and the undo record of every later answer counts it right too, since
    /// undoing one of those puts the session's counters back as that record holds them and must not take the claim
    /// back with it.
    package func recordOverride(
        _ capture: AnswerUndoCapture, sessionID: Int64, position: Int, userID: Int64
    ) async throws {
        var undo = capture.undo
        if undo.gamification != nil { undo.gamification?.stateAfter = try await gamificationStateRow(userID: userID) }
        try await connection.withQuery(
            "UPDATE session_answers SET overridden = 1, undo_json = \(Self.undoJSON(undo)) WHERE session_id = \(sessionID) AND position = \(position)",
            operation: "record override"
        ) { statement in
            try await statement.run()
        }
        var session = try await session(id: sessionID, userID: userID)
        session.counts.countOverride()
        try await connection.withQuery(
            "UPDATE sessions SET correct = \(session.counts.correct), failed = \(session.counts.failed), overridden = \(session.counts.overridden) WHERE id = \(sessionID)",
            operation: "count override"
        ) { statement in
            try await statement.run()
        }
        for later in try await laterAnswerUndos(sessionID: sessionID, after: position) {
            var record = later.undo
            record.session.counts.countOverride()
            try await connection.withQuery(
                "UPDATE session_answers SET undo_json = \(Self.undoJSON(record)) WHERE session_id = \(sessionID) AND position = \(later.position)",
                operation: "record override"
            ) { statement in
                try await statement.run()
            }
        }
    }

    /// The undo records of the session's answers after `position`.
    private func laterAnswerUndos(sessionID: Int64, after position: Int) async throws
        -> [(position: Int, undo: AnswerUndo)]
    {
        let rows = try await connection.withQuery(
            "SELECT position, undo_json FROM session_answers WHERE session_id = \(sessionID) AND position > \(position) ORDER BY position",
            operation: "read session answers"
        ) { statement in
            var rows: [(Int, String)] = []
            while try await statement.step() { rows.append((statement.int(at: 0), statement.string(at: 1))) }
            return rows
        }
        return try rows.map { position, json in
            do {
                return (position, try AnswerUndo.decoder.decode(AnswerUndo.self, from: Data(json.utf8)))
            } catch {
                throw StoreError.corruptRow(table: "session_answers", column: "undo_json", rowID: sessionID)
            }
        }
    }

    private static func undoJSON(_ undo: AnswerUndo) throws -> String {
        String(decoding: try AnswerUndo.encoder.encode(undo), as: UTF8.self)
    }
}

extension Store {
    package func sessionAnswer(sessionID: Int64, position: Int) async throws -> StoredSessionAnswer? {
        try await read { try await $0.sessionAnswer(sessionID: sessionID, position: position) }
    }
}
