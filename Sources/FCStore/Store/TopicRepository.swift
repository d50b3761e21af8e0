package import FCCore
package import FCScheduler

/// The reads and writes of topics, each inside the transaction a ``Store/write(_:patience:_:)`` (or
/// ``Store/read(_:)``) hands out: a topic's row (`topics`: name, colour and icon, refill policy, scheduling
/// algorithm) and the counts read with it. SQL and rows only: the name rule, the policy's checks, refusing to delete
/// a topic with cards unforced and a switch of algorithm with its rebuild are the use cases' in FCPipeline's
/// `Topics/UseCases` (`Topics`) and `AlgorithmSwitch`. ``Database`` implements it on both engines.
package protocol TopicRepository: ~Copyable {
    /// The store's clock, which stamps `created_at` (tests fix it).
    var now: Now { get }

    // MARK: Finding and creating

    /// The topic named `name` (trimmed; ignoring the case of ASCII letters); `nil` when there is none.
    func topic(named name: String) async throws -> Topic?
    /// The topic `id`; `nil` when there is none.
    func topic(id: Int64) async throws -> Topic?
    /// The topic `id`.
    ///
    /// - Throws: ``StoreError/topicNotFound(topicID:)``.
    func existingTopic(id: Int64) async throws -> Topic
    /// The topic named `name` (trimmed, non-empty), inserted when missing; and whether this call inserted it.
    func insertTopicIfMissing(named name: String, createdAt: Int64) async throws -> (topic: Topic, created: Bool)
    /// Every topic with its card and batch counts, sorted by name.
    func topicSummaries() async throws -> [TopicSummary]

    // MARK: Editing and deleting

    /// Sets the topic's name; whether there is such a topic. Throws ``StoreError/topicNameTaken(_:)``.
    func updateTopicName(id: Int64, to name: String) async throws -> Bool
    /// The topic's name and how many cards, batches and jobs it has; `nil` when there is no such topic.
    func topicContents(id: Int64) async throws -> TopicDeletion?
    /// Deletes the topic with its batches, cards, learning state (archived), jobs and unused pictures.
    func deleteTopicRows(id: Int64) async throws
    /// Sets the topic's colour and icon; whether there is such a topic.
    func updateTopicAppearance(_ appearance: TopicAppearance, topicID: Int64) async throws -> Bool
    /// The topic's colour and icon. Throws ``StoreError/topicNotFound(topicID:)``.
    func topicAppearance(topicID: Int64) async throws -> TopicAppearance

    // MARK: Refill policy

    /// Sets the topic's refill policy (`nil`: unsubscribed); whether there is such a topic.
    func updateTopicPolicy(_ policy: TopicPolicy?, topicID: Int64) async throws -> Bool
    /// The topic's refill policy; `nil` when unsubscribed. Throws ``StoreError/topicNotFound(topicID:)``.
    func topicPolicy(topicID: Int64) async throws -> TopicPolicy?
    /// The topic's policy with the counts the refill rule reads and its open job.
    func topicRefillStatus(topicID: Int64) async throws -> TopicRefillStatus

    // MARK: Scheduling algorithm

    /// The topic's scheduling algorithm. Throws ``StoreError/topicNotFound(topicID:)``.
    func topicAlgorithm(topicID: Int64) async throws -> SchedulingAlgorithm
    /// Sets the topic's algorithm, its card states untouched; whether there is such a topic.
    func updateTopicAlgorithm(_ algorithm: SchedulingAlgorithm, topicID: Int64) async throws -> Bool
    /// Every learner's card state of the topic with its review log (with recall windows of `recallWindow`).
    func stateHistories(topicID: Int64, recallWindow: Int) async throws -> [CardHistory]
}

extension Database: TopicRepository {}
