import FCContract
package import FCCore
import FCPipeline
package import FCStore
package import Foundation

/// Where a generation stands.
package enum GenerationStatus: String, Sendable {
    case queued
    case running
    case succeeded
    case failed

    var isFinished: Bool { self == .succeeded || self == .failed }
}

/// One generation as the database holds it (``FCStore/StoredGeneration``), its JSON columns read: what was asked,
/// each stored batch, and how it ended.
package struct GenerationRecord: Sendable {
    package var id: String
    package var topicID: Int64
    package var topicName: String
    package var requested: Int
    package var language: LanguageTag?
    /// The request's `maxCostUsd`: the most this generation may spend.
    package var maxCost: Double?
    /// The request's `review`: whether its batches go through the review pass; `nil` leaves it to the server's
    /// `review` setting.
    package var review: Bool?
    package var status: GenerationStatus = .queued
    package var createdAt: Date
    package var startedAt: Date?
    package var finishedAt: Date?
    package var batchesDone = 0
    package var cardsStored = 0
    /// Why it failed, as the problem a request would have answered.
    package var error: Problem?
    /// A request cancelled it while it ran: it asks for no further batch.
    package var cancelRequested = false
    /// The generation as the API shows it.
    let json: GenerationJSON

    /// The row's record; a JSON column that does not read (written by a newer server, say) reads as empty.
    package init(_ stored: StoredGeneration) {
        let options = GenerationRequestOptions(stored)
        json = GenerationJSON(stored)
        id = stored.id
        topicID = stored.topicID
        topicName = stored.topicName
        requested = stored.batchesRequested
        language = options.languageTag
        maxCost = options.maxCostUsd
        review = options.review
        status = GenerationStatus(rawValue: stored.status.rawValue) ?? .failed
        createdAt = stored.createdAt
        startedAt = stored.startedAt
        finishedAt = stored.finishedAt
        batchesDone = stored.batchesDone
        cardsStored = stored.cardsStored
        error = json.error.map { Problem(code: $0.code, status: $0.status, title: $0.title, detail: $0.detail) }
        cancelRequested = stored.cancelRequested
    }
}

extension GenerationJSON {
    /// The record as the API shows it.
    init(_ record: GenerationRecord) {
        self = record.json
    }
}

/// `GET /v1/generations`: the newest generations in the database, newest first.
struct GenerationListJSON: Encodable {
    var generations: [GenerationJSON]
}
