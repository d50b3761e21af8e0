package import struct Foundation.Date

/// Where a stored generation stands: queued → running → succeeded or failed.
package enum StoredGenerationStatus: String, Sendable, Hashable {
    case queued
    case running
    case succeeded
    case failed

    package var isFinished: Bool { self == .succeeded || self == .failed }
}

/// One row of `generations`: a generation the service accepted, as every instance on the database reads it.
///
/// The store keeps the request's options, the batches' summaries and the error as JSON text it does not read: their
/// shape is the JSON contract's (FCContract's `GenerationJSON`, FCPipeline's `GenerationRequestOptions`), which encodes
/// and decodes them.
package struct StoredGeneration: Sendable, Hashable {
    /// The id the API shows (`/v1/generations/{id}`).
    package var id: String
    package var topicID: Int64
    /// The topic's name when the generation was accepted.
    package var topicName: String
    /// The learner whose token asked for it; `nil` once that learner is gone.
    package var requestedBy: Int64?
    /// The request's options (language, maxCostUsd, review), as the service wrote them.
    package var optionsJSON: String
    package var status: StoredGenerationStatus
    package var batchesRequested: Int
    package var batchesDone: Int
    package var cardsStored: Int
    /// The stored batches' summaries, a JSON array in batch order.
    package var batchesJSON: String
    /// The problem it failed with, as JSON; `nil` unless it failed.
    package var errorJSON: String?
    /// A request cancelled it while it ran: the runner asks for no further batch.
    package var cancelRequested: Bool
    /// The number of its last event (0 before the first).
    package var lastEvent: Int
    package var createdAt: Date
    package var startedAt: Date?
    package var finishedAt: Date?
    /// The runner holding it, and until when; another may take it over once the lease has expired.
    package var leaseOwner: String?
    package var leaseExpiresAt: Date?
}

/// What ``StoredGeneration`` starts as: the row `POST /v1/topics/{id}/generations` inserts, queued.
package struct NewGeneration: Sendable, Hashable {
    package var id: String
    package var topicID: Int64
    package var topicName: String
    package var requestedBy: Int64?
    package var optionsJSON: String
    package var batchesRequested: Int

    package init(
        id: String, topicID: Int64, topicName: String, requestedBy: Int64?, optionsJSON: String, batchesRequested: Int
    ) {
        self.id = id
        self.topicID = topicID
        self.topicName = topicName
        self.requestedBy = requestedBy
        self.optionsJSON = optionsJSON
        self.batchesRequested = batchesRequested
    }
}

/// One row of `generation_events`: an event of a generation's stream, numbered from 1 within it.
package struct StoredGenerationEvent: Sendable, Hashable {
    package var sequence: Int
    /// `batch`, `done` or `failed`.
    package var name: String
    /// One line of JSON.
    package var data: String
}

/// Thrown by a runner's write when it no longer holds the generation's lease (it expired and another runner took the
/// generation over, or the generation ended meanwhile): nothing of the write is kept, its transaction rolls back.
package struct GenerationLeaseLost: Error, CustomStringConvertible, Sendable {
    package var generationID: String

    package init(generationID: String) {
        self.generationID = generationID
    }

    package var description: String {
        "generation \(generationID): lease lost (taken over by another runner, or ended); the write was not kept"
    }
}

/// What a cancel (`DELETE /v1/generations/{id}`) found and did, in its transaction.
package enum StoredGenerationCancellation: Sendable {
    /// It was queued: it is failed now, with its final event.
    case cancelledQueued(StoredGeneration)
    /// It runs: its flag is set; `first` is false when an earlier cancel had set it.
    case stopping(StoredGeneration, first: Bool)
    /// It had ended: nothing changed.
    case finished(StoredGeneration)
}
