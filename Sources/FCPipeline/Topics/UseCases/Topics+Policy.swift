package import FCCore
package import FCScheduler
package import FCStore

/// A topic's refill policy and scheduling algorithm: subscribing it to refills (``FCCore/TopicPolicy``),
/// unsubscribing it, and what the refill rule reads of it.
extension Topics {
    /// Subscribes the topic to refills with `policy`, or unsubscribes it with `nil`.
    ///
    /// - Throws: ``FCStore/StoreError/invalidPolicy(_:)`` for a value below 1 (nothing is written),
    ///   ``FCStore/StoreError/topicNotFound(topicID:)``.
    package static func setPolicy(on store: Store, _ policy: TopicPolicy?, topicID: Int64) async throws {
        try check(policy)
        try await store.write("set topic policy") { db in try await setPolicy(policy, topicID: topicID, in: db) }
    }

    /// ``setPolicy(on:_:topicID:)`` in the caller's transaction.
    package static func setPolicy(
        _ policy: TopicPolicy?, topicID: Int64, in db: borrowing some TopicRepository & ~Copyable
    ) async throws {
        try check(policy)
        guard try await db.updateTopicPolicy(policy, topicID: topicID) else {
            throw StoreError.topicNotFound(topicID: topicID)
        }
    }

    /// The topic's refill policy; `nil` when it is not subscribed.
    ///
    /// - Throws: ``FCStore/StoreError/topicNotFound(topicID:)``.
    package static func policy(on store: Store, topicID: Int64) async throws -> TopicPolicy? {
        try await store.read { db in try await db.topicPolicy(topicID: topicID) }
    }

    /// The topic's policy with the counts the refill rule looks at and its open job.
    ///
    /// - Throws: ``FCStore/StoreError/topicNotFound(topicID:)``.
    package static func refillStatus(on store: Store, topicID: Int64) async throws -> TopicRefillStatus {
        try await store.read { db in try await db.topicRefillStatus(topicID: topicID) }
    }

    /// The topic's scheduling algorithm (a switch is ``AlgorithmSwitch``'s: it rebuilds the card states).
    ///
    /// - Throws: ``FCStore/StoreError/topicNotFound(topicID:)``.
    package static func algorithm(on store: Store, topicID: Int64) async throws -> SchedulingAlgorithm {
        try await store.read { db in try await db.topicAlgorithm(topicID: topicID) }
    }

    /// Refuses a policy with a value below 1.
    private static func check(_ policy: TopicPolicy?) throws {
        guard let policy else { return }
        guard policy.refillBelow > 0 else { throw StoreError.invalidPolicy("refill-below must be at least 1") }
        guard policy.batchSize > 0 else { throw StoreError.invalidPolicy("batch size must be at least 1") }
        if let maxBatches = policy.maxBatches, maxBatches < 1 {
            throw StoreError.invalidPolicy("max batches must be at least 1")
        }
    }
}
