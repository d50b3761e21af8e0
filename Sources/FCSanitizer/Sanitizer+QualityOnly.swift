package import FCCore

extension Sanitizer {
    /// The quality rules alone over cards already read, as ``sanitize(_:truncated:existingKeys:questions:)`` runs
    /// them after validation and exact dedup: `fcgen-bench sanitizer` times reading a reply and the rules apart.
    /// - Returns: the cards kept, flagged and perhaps fixed.
    package func checkQuality(
        _ cards: [CardDraft], existingKeys: Set<String> = [], questions: TopicQuestionIndex.Snapshot? = nil
    ) -> [CardDraft] {
        var pass = QualityPass(
            checker: quality, existingKeys: existingKeys, topicIndex: questions,
            clozeQuestionMax: options.structuredKinds ? options.limits.questionMax : nil)
        return cards.compactMap { pass.review($0) }
    }
}
