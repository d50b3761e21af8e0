import FCSanitizer
import FCStore

extension Pipeline {
    /// The topic's dedup keys and an index of its cards for the near-duplicate rule (wording and same fact), read
    /// once for a run: the run keeps both in step with the batches it stores.
    func topicQuestions(topicID: Int64) async throws -> (keys: Set<String>, index: TopicQuestionIndex) {
        let questions = try await store.read { try await $0.topicQuestions(topicID: topicID) }
        let index = TopicQuestionIndex(
            cards: questions.map {
                TopicQuestionIndex.Card(key: $0.dedupKey, question: $0.question, answer: $0.answer)
            })
        return (Set(questions.map(\.dedupKey)), index)
    }
}
