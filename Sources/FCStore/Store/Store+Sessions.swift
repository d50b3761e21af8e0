import FCCore
import Foundation

extension Database {
    /// Starts a session with its planned queue and returns it.
    package func createSession(
        userID: Int64, mode: SessionMode, topicIDs: [Int64], queue: [Int64]
    ) async throws -> StudySessionRecord {
        let startedAt = now().unixMilliseconds
        let id = try await connection.immediateTransaction("start session") {
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
        return StudySessionRecord(
            id: id, userID: userID, mode: mode, topicIDs: topicIDs, queue: queue, position: 0,
            startedAt: Date(unixMilliseconds: startedAt), endedAt: nil, counts: SessionCounts())
    }

    /// The learner's session with this id.
    ///
    /// - Throws: ``StoreError/sessionNotFound(id:)`` when there is none (or it is another learner's).
    package func session(id: Int64, userID: Int64) async throws -> StudySessionRecord {
        try await connection.withQuery(
            "SELECT \(raw: Self.sessionColumns) FROM sessions WHERE id = \(id) AND user_id = \(userID)",
            operation: "read session"
        ) { statement in
            guard try await statement.step() else { throw StoreError.sessionNotFound(id: id) }
            return try Self.session(from: statement)
        }
    }

    /// Marks the session ended now, unless it has ended already; inside a transaction.
    ///
    /// - Returns: Whether this call ended it.
    package func markSessionEnded(id: Int64, userID: Int64) async throws -> Bool {
        let endedAt = now().unixMilliseconds
        return try await connection.withQuery(
            "UPDATE sessions SET ended_at = \(endedAt) WHERE id = \(id) AND user_id = \(userID) AND ended_at IS NULL",
            operation: "end session"
        ) { statement in
            try await statement.run()
            return await connection.changes == 1
        }
    }

    /// The learner's most recent sessions with at least one answer, newest first: a session that was started and
    /// abandoned (or whose every answer was undone) is no study and is left out.
    package func recentSessions(userID: Int64, limit: Int) async throws -> [StudySessionRecord] {
        try await sessions(
            where: "user_id = \(userID) AND cards > 0 ORDER BY started_at DESC, id DESC LIMIT \(limit)",
            operation: "list sessions")
    }

    /// Every session not ended: the learner's, or (`userID` nil) every learner's.
    func openSessions(userID: Int64?) async throws -> [StudySessionRecord] {
        try await sessions(
            where: "ended_at IS NULL AND (\(userID) IS NULL OR user_id = \(userID))", operation: "list open sessions")
    }

    /// The learner's sessions that can be taken up again, newest first: not ended, with cards left in their queue
    /// (a reload, or another device, resumes one). Among the newest `scanned` not ended, so a learner who leaves
    /// many sessions open costs a bounded read.
    package func unfinishedSessions(userID: Int64, limit: Int, scanned: Int = 20) async throws -> [StudySessionRecord] {
        let open = try await sessions(
            where: "user_id = \(userID) AND ended_at IS NULL ORDER BY started_at DESC, id DESC LIMIT \(scanned)",
            operation: "list unfinished sessions")
        return Array(open.filter { $0.position < $0.queue.count }.prefix(limit))
    }

    /// Checks that `cardID` is the session's next card, then counts `answer` and moves on (putting the card back
    /// later in the queue when it `comesBack`: ``StudySessionRecord/advance(cardID:answer:comesBack:)``); inside a
    /// transaction.
    package func advanceSession(
        id: Int64, userID: Int64, cardID: Int64, answer: SessionAnswer, comesBack: Bool = false
    ) async throws -> StudySessionRecord {
        var session = try await session(id: id, userID: userID)
        try session.advance(cardID: cardID, answer: answer, comesBack: comesBack)
        if comesBack { try await saveQueue(session) }
        try await connection.withQuery(
            """
            UPDATE sessions SET position = \(session.position), cards = \(session.counts.cards), correct =
                \(session.counts.correct), failed = \(session.counts.failed), empty = \(session.counts.empty),
                rating_sum = \(session.counts.ratingSum)
            WHERE id = \(id)
            """,
            operation: "update session"
        ) { statement in
            try await statement.run()
        }
        return session
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

extension Store {
    package func createSession(userID: Int64, mode: SessionMode, topicIDs: [Int64], queue: [Int64]) async throws
        -> StudySessionRecord
    {
        try await write("create session") {
            try await $0.createSession(userID: userID, mode: mode, topicIDs: topicIDs, queue: queue)
        }
    }

    package func session(id: Int64, userID: Int64) async throws -> StudySessionRecord {
        try await read { try await $0.session(id: id, userID: userID) }
    }

    package func recentSessions(userID: Int64, limit: Int) async throws -> [StudySessionRecord] {
        try await read { try await $0.recentSessions(userID: userID, limit: limit) }
    }

    package func unfinishedSessions(userID: Int64, limit: Int) async throws -> [StudySessionRecord] {
        try await read { try await $0.unfinishedSessions(userID: userID, limit: limit) }
    }
}
