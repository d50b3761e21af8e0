/// The reads and writes of a topic's generation settings (`topic_generation`): its plan (the outline, where it came
/// from, a note, when it changed), its language and its card kinds, each inside the transaction a
/// ``Store/write(_:patience:_:)`` (or ``Store/read(_:)``) hands out. SQL and rows only: that the topic exists, and
/// in which transaction a plan changes, are FCPipeline's `TopicPlans`; a batch's settings are written in its own
/// transaction (`BatchStorage`). ``Database`` implements it on both engines.
package protocol TopicPlanRepository: ~Copyable {
    /// The topic's plan, language and card kinds; an empty value when it has none of them.
    ///
    /// - Throws: ``StoreError/corruptRow(table:column:rowID:)`` when the stored plan, language or kinds cannot be
    ///   read.
    func topicGeneration(topicID: Int64) async throws -> TopicGeneration
    /// Upserts what `update` names (the rest is kept), the plan's time being `at` (Unix milliseconds).
    func writeTopicGeneration(_ update: TopicGenerationUpdate, topicID: Int64, at: Int64) async throws
}

extension Database: TopicPlanRepository {}
