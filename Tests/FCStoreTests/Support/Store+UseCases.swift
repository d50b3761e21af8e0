import FCPipeline
import FCStore

/// The application's use cases (FCPipeline's `RecordReview`, `SessionSteps`, `JobSteps`, `GamificationStep`, `CardEditing`) each in a write of its own, with a
/// stand-in `decide` instead of the scheduler: how these tests drive the store's review, session and gamification
/// writes through the code that records them in the product.
extension Store {
    @discardableResult
    func recordReview(
        userID: Int64, cardID: Int64, sessionID: Int64?, recallWindow: RecallWindow? = nil,
        decide: @escaping @Sendable (ReviewContext) throws -> ReviewDecision,
        gamify: (@Sendable (GamificationInput) throws -> GamificationWrite?)? = nil
    ) async throws -> RecordedReview {
        try await write("record review") { db in
            try await RecordReview.record(
                in: db, userID: userID, cardID: cardID, sessionID: sessionID, recallWindow: recallWindow,
                decide: decide, gamify: gamify)
        }
    }

    @discardableResult
    func recordReviews(
        _ reviews: [PendingReview], decide: @escaping @Sendable (ReviewContext, Int) throws -> ReviewDecision,
        gamify: (@Sendable (GamificationInput, Int) throws -> GamificationWrite?)? = nil
    ) async throws -> [RecordedReview] {
        try await write("record reviews") { db in
            try await RecordReview.record(reviews, in: db, decide: decide, gamify: gamify)
        }
    }

    func endSession(
        id: Int64, userID: Int64, gamify: (@Sendable (GamificationInput) throws -> GamificationWrite?)? = nil
    ) async throws -> (session: StudySessionRecord, gamification: GamificationCommit?) {
        try await write("end session") { db in
            try await SessionSteps.endSession(in: db, id: id, userID: userID, gamify: gamify)
        }
    }

    func completeJob(jobID: Int64, owner: String, batch: NewBatch) async throws -> StoredBatch {
        try await JobSteps.complete(on: self, jobID: jobID, owner: owner, batch: batch)
    }

    @discardableResult
    func failJob(
        jobID: Int64, owner: String, error: String, permanent: Bool, backoff: @escaping @Sendable (Int) -> Duration
    ) async throws -> Job {
        try await JobSteps.fail(
            on: self, jobID: jobID, owner: owner, error: error, permanent: permanent, backoff: backoff)
    }

    func updateGamification(
        userID: Int64, _ decide: @escaping @Sendable (GamificationInput) throws -> GamificationWrite?
    ) async throws -> GamificationCommit {
        try await write("update gamification") { db in
            try await GamificationStep.run(in: db, userID: userID, decide: decide)
        }
    }

    func addCard(_ new: NewCard) async throws -> [CardDetails] {
        try await CardEditing.add(on: self, new).cards
    }

    @discardableResult
    func deleteCards(ids: [Int64]) async throws -> [Int64] {
        try await CardEditing.delete(on: self, ids: ids)
    }

    func moveCard(id: Int64, to position: Int) async throws -> CardDetails {
        guard let moved = try await CardEditing.move(on: self, id: id, toTopic: nil, position: position).first else {
            throw StoreError.cardNotFound(id: id)
        }
        return moved
    }

    func updateCard(id: Int64, to update: CardUpdate, alsoTwin: Bool) async throws -> CardEdit {
        try await CardEditing.edit(on: self, id: id, alsoTwin: alsoTwin) { _ in update }
    }
}
