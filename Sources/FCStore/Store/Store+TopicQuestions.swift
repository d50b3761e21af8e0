/// A stored card as the sanitizer's duplicate rules read it.
package struct TopicQuestion: Sendable, Equatable {
    package var dedupKey: String
    package var question: String
    package var answer: String
}

extension Database {
    /// Every card of the topic with its dedup key, question and answer: what the sanitizer checks new cards
    /// against (exact duplicates by key, rephrasings by wording, the same fact by answer).
    package func topicQuestions(topicID: Int64) async throws -> [TopicQuestion] {
        try await connection.rows(
            "SELECT dedup_key, question, answer FROM cards WHERE topic_id = \(topicID)", operation: "list questions"
        ) { statement in
            TopicQuestion(
                dedupKey: statement.string(at: 0), question: statement.string(at: 1),
                answer: statement.string(at: 2))
        }
    }
}
