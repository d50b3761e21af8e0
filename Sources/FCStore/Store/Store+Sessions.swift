import FCCore
import Foundation

extension Database {
    package func insertSession(
        userID: Int64, mode: SessionMode, topicIDs: [Int64], queue: [Int64], startedAt: Int64
    ) async throws -> Int64 {
        try await connection.withQuery(
            """
            INSERT INTO sessions (user_id, mode, topics_json, queue_json, started_at) VALUES (\(userID),
                \(mode.rawValue), \(Self.jsonArray(topicIDs)), \(Self.jsonArray(queue)), \(startedAt))
            RETURNING id
            """,
            operation: "start session"
        ) { statement in
            guard try await statement.step() else {
                throw StoreError.corruptRow(table: "sessions", column: "id", rowID: 0)
            }
            return statement.int64(at: 0)
        }
    }

    package func session(id: Int64, userID: Int64) async throws -> StudySessionRecord {
        try await connection.withQuery(
            "SELECT \(raw: Self.sessionColumns) FROM sessions WHERE id = \(id) AND user_id = \(userID)",
            operation: "read session"
        ) { statement in
            guard try await statement.step() else { throw StoreError.sessionNotFound(id: id) }
            return try Self.session(from: statement)
        }
    }

    package func updateSessionProgress(_ session: StudySessionRecord, perfect: Int?) async throws {
        let counts = session.counts
        var perfectColumn: StoreQuery = ""
        if let perfect { perfectColumn = ", perfect = \(perfect)" }
        try await connection.runQuery(
            """
            UPDATE sessions SET position = \(session.position), cards = \(counts.cards), correct = \(counts.correct),
                failed = \(counts.failed), empty = \(counts.empty), rating_sum = \(counts.ratingSum),
                overridden = \(counts.overridden)\(perfectColumn)
            WHERE id = \(session.id)
            """,
            operation: "update session")
    }

    package func markSessionEnded(id: Int64, userID: Int64, at time: Int64) async throws -> Bool {
        try await connection.withQuery(
            "UPDATE sessions SET ended_at = \(time) WHERE id = \(id) AND user_id = \(userID) AND ended_at IS NULL",
            operation: "end session"
        ) { statement in
            try await statement.run()
            return await connection.changes == 1
        }
    }

    package func recentSessions(userID: Int64, limit: Int) async throws -> [StudySessionRecord] {
        try await sessions(
            where: "user_id = \(userID) AND cards > 0 ORDER BY started_at DESC, id DESC LIMIT \(limit)",
            operation: "list sessions")
    }

    package func openSessions(userID: Int64, newest limit: Int) async throws -> [StudySessionRecord] {
        try await sessions(
            where: "user_id = \(userID) AND ended_at IS NULL ORDER BY started_at DESC, id DESC LIMIT \(limit)",
            operation: "list unfinished sessions")
    }

    package func openSessions(userID: Int64?) async throws -> [StudySessionRecord] {
        try await sessions(
            where: "ended_at IS NULL AND (\(userID) IS NULL OR user_id = \(userID))", operation: "list open sessions")
    }

    package func perfectAnswers(sessionID: Int64) async throws -> Int {
        try await connection.withQuery(
            "SELECT perfect FROM sessions WHERE id = \(sessionID)", operation: "read session"
        ) { statement in
            return try await statement.step() ? statement.int(at: 0) : 0
        }
    }

    package func answeredTopicIDs(_ session: StudySessionRecord) async throws -> [Int64] {
        let queue = connection.dialect.jsonIntegerTable(Self.jsonArray(session.queue), alias: "j")
        return try await connection.withQuery(
            """
            SELECT DISTINCT c.topic_id FROM \(queue) JOIN cards c ON c.id = j.value WHERE j.key < \(session.position)
            ORDER BY c.topic_id
            """,
            operation: "read session topics"
        ) { statement in
            var ids: [Int64] = []
            while try await statement.step() { ids.append(statement.int64(at: 0)) }
            return ids
        }
    }

    package func saveQueue(_ session: StudySessionRecord) async throws {
        try await connection.runQuery(
            "UPDATE sessions SET queue_json = \(Self.jsonArray(session.queue)) WHERE id = \(session.id)",
            operation: "update queue")
    }

    /// The sessions `SELECT … FROM sessions WHERE \(condition)` reads (the condition may go on with ORDER BY and
    /// LIMIT), with its values.
    private func sessions(where condition: StoreQuery, operation: String) async throws -> [StudySessionRecord] {
        try await connection.withQuery(
            "SELECT \(raw: Self.sessionColumns) FROM sessions WHERE \(condition)", operation: operation
        ) { statement in
            var sessions: [StudySessionRecord] = []
            while try await statement.step() { sessions.append(try Self.session(from: statement)) }
            return sessions
        }
    }

    private static let sessionColumns = """
        id, user_id, mode, topics_json, queue_json, position, started_at, ended_at, cards, correct, failed, empty,
        rating_sum, overridden
        """

    private static func session(from statement: any SQLStatement) throws -> StudySessionRecord {
        let id = statement.int64(at: 0)
        guard let mode = SessionMode(rawValue: statement.string(at: 2)) else {
            throw StoreError.corruptRow(table: "sessions", column: "mode", rowID: id)
        }
        guard let topics = jsonIntegers(statement.string(at: 3)) else {
            throw StoreError.corruptRow(table: "sessions", column: "topics_json", rowID: id)
        }
        guard let queue = jsonIntegers(statement.string(at: 4)) else {
            throw StoreError.corruptRow(table: "sessions", column: "queue_json", rowID: id)
        }
        return StudySessionRecord(
            id: id, userID: statement.int64(at: 1), mode: mode, topicIDs: topics, queue: queue,
            position: statement.int(at: 5), startedAt: Date(unixMilliseconds: statement.int64(at: 6)),
            endedAt: statement.optionalInt64(at: 7).map(Date.init(unixMilliseconds:)),
            counts: SessionCounts(
                cards: statement.int(at: 8), correct: statement.int(at: 9), failed: statement.int(at: 10),
                empty: statement.int(at: 11), ratingSum: statement.int(at: 12), overridden: statement.int(at: 13)))
    }

    /// `[1,2,3]`: ids as a JSON array (also what `json_each` reads in the queue queries).
    static func jsonArray(_ ids: [Int64]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    private static func jsonIntegers(_ text: String) -> [Int64]? {
        guard let data = text.data(using: .utf8) else { return nil }
        return try? JSONDecoder().decode([Int64].self, from: data)
    }
}
