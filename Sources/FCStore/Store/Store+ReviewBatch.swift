extension Database {
    /// Records several reviews in ONE `BEGIN IMMEDIATE` transaction, each exactly as
    /// ``recordReview(userID:cardID:sessionID:recallWindow:decide:gamify:)`` records one: its context (with the
    /// reviews before it in the batch already written), `decide`, the review row, the state, the session, the
    /// awards, and, when `gamify` is given, the gamification step (which sees the state the batch's earlier steps
    /// left and pays idempotently, as for one review).
    ///
    /// For front ends that sync a batch of answers given offline, for importing a review history, and for bulk
    /// event processing: a commit costs as much as the rest of a review together (WAL frames for every touched
    /// page, file locks), so sharing one is what makes bulk recording fast (fcgen-bench review-recording,
    /// gamification). Each learner's gamification state row is read once and written once per batch (see
    /// ``GamificationLedger``). All or nothing: when one review fails (its card is unknown, `decide` or `gamify`
    /// throws), none of the batch is stored.
    ///
    /// - Parameters:
    ///   - decide: Called once per review, in order, with the review's context and its index in `reviews`.
    ///   - gamify: Called once per review after its review row and state are written, with the gamification input
    ///     and the review's index; `nil`: no gamification.
    /// - Returns: One result per review, in order.
    package func recordReviews(
        _ reviews: [PendingReview], decide: (ReviewContext, Int) throws -> ReviewDecision,
        gamify: ((GamificationInput, Int) throws -> GamificationWrite?)? = nil
    ) async throws -> [RecordedReview] {
        guard !reviews.isEmpty else { return [] }
        return try await writeTransaction("record reviews") {
            try await lockLearners(reviews.map(\.userID))
            var ledger = GamificationLedger()
            // One review goes the per-review way: the bulk path builds its multi-row statements for each batch's
            // size, which for a single review costs SQLite a fresh parse of each (the service's reviews, one per
            // request in a group commit, ran 3 × slower on the writer) and PostgreSQL 5 waits against 3.
            if reviews.count > 1, reviews.allSatisfy({ $0.sessionID == nil }) {
                let recorded = try await recordReviewsInBulk(reviews, decide: decide, gamify: gamify, ledger: &ledger)
                try await save(ledger)
                return recorded
            }
            var recorded: [RecordedReview] = []
            recorded.reserveCapacity(reviews.count)
            for (index, review) in reviews.enumerated() {
                var step: GamifyStep?
                if let gamify { step = { input in try gamify(input, index) } }
                recorded.append(
                    try await recordReviewInTransaction(
                        userID: review.userID, cardID: review.cardID, sessionID: review.sessionID,
                        recallWindow: review.recallWindow, decide: { try decide($0, index) }, gamify: step,
                        ledger: &ledger))
            }
            try await save(ledger)
            return recorded
        }
    }
}

/// One review of a batch for ``Store/recordReviews(_:decide:)``: whose, which card, which session, which window.
package struct PendingReview: Sendable, Hashable {
    package var userID: Int64
    package var cardID: Int64
    package var sessionID: Int64?
    package var recallWindow: RecallWindow?

    package init(userID: Int64, cardID: Int64, sessionID: Int64? = nil, recallWindow: RecallWindow? = nil) {
        self.userID = userID
        self.cardID = cardID
        self.sessionID = sessionID
        self.recallWindow = recallWindow
    }
}

extension Store {
    package func recordReviews(
        _ reviews: [PendingReview], decide: @escaping @Sendable (ReviewContext, Int) throws -> ReviewDecision,
        gamify: (@Sendable (GamificationInput, Int) throws -> GamificationWrite?)? = nil
    ) async throws -> [RecordedReview] {
        try await write("record reviews") { try await $0.recordReviews(reviews, decide: decide, gamify: gamify) }
    }
}
