package import FCStore

/// A generation as its runner reads it from its row: what was asked, and where the last runner left it.
package struct GenerationJob: Sendable {
    package var id: String
    package var topicID: Int64
    package var topicName: String
    package var requested: Int
    package var options: GenerationRequestOptions
    /// Batches stored before this run (by a runner that died): it goes on after them.
    package var batchesDone: Int
    /// A request cancelled it while a runner that died ran it.
    package var cancelRequested: Bool

    package init(_ stored: StoredGeneration) {
        id = stored.id
        topicID = stored.topicID
        topicName = stored.topicName
        requested = stored.batchesRequested
        options = GenerationRequestOptions(stored)
        batchesDone = stored.batchesDone
        cancelRequested = stored.cancelRequested
    }
}
