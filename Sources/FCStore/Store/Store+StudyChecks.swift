import FCCore
import FCScheduler
import Foundation

extension Database {
    /// Answers in the session recalled on the first try.
    package func perfectAnswers(sessionID: Int64) async throws -> Int {
        try await connection.withQuery(
            "SELECT perfect FROM sessions WHERE id = \(sessionID)", operation: "read session"
        ) {
            statement in
            return try await statement.step() ? statement.int(at: 0) : 0
        }
    }

    /// The distinct topics of the session's answered cards (the first `position` of its queue).
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

    /// Whether the learner knows every card of the topic (``KnownRule``), counting card `cardID` (when given) as
    /// known; `false` for an empty topic.
    package func isTopicKnown(topicID: Int64, userID: Int64, countingAsKnown cardID: Int64? = nil) async throws
        -> Bool
    {
        try await connection.withQuery(
            """
            SELECT EXISTS (SELECT 1 FROM cards WHERE topic_id = \(topicID))
                AND NOT EXISTS (
                    SELECT 1 FROM cards c LEFT JOIN card_states s ON s.user_id = \(userID) AND s.card_id = c.id
                    WHERE c.topic_id = \(topicID) AND (\(cardID) IS NULL OR c.id <> \(cardID))
                        AND (s.card_id IS NULL OR NOT COALESCE(\(raw: KnownRule.sql), FALSE)))
            """,
            operation: "check topic known"
        ) { statement in
            return try await statement.step() && statement.int(at: 0) == 1
        }
    }
}
