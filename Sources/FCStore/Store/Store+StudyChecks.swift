import FCCore
import FCScheduler
import Foundation

extension Database {
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
