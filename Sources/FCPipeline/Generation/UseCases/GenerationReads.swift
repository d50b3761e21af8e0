package import FCCore
package import FCStore

/// What the service reads before it queues a generation.
package enum GenerationReads {
    /// The visible topic with this id, which a generation is asked for.
    ///
    /// - Throws: ``FCStore/StoreError/topicNotFound(topicID:)`` when there is none.
    package static func topic(id: Int64, on store: Store) async throws -> Topic {
        guard let topic = try await store.read({ try await $0.topic(id: id) }) else {
            throw StoreError.topicNotFound(topicID: id)
        }
        return topic
    }
}
