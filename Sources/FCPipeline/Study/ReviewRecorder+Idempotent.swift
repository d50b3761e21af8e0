import FCCore
public import FCStore

extension ReviewRecorder {
    /// Records `claimed` as ``record(_:)`` does, under an idempotency key: for an HTTP client that retries.
    ///
    /// The reviews, the key and the response `respond` builds from their results are written in one transaction;
    /// a retry with the same key and the same request (`requestHash`) gets the first response back and records
    /// nothing (no second review, no second XP), also when the retries arrive at once. The same key for another
    /// request is ``FCStore/StoreError/idempotencyKeyReused(key:)``.
    ///
    /// - Parameters:
    ///   - userID: The learner the key belongs to (every answer must be theirs).
    ///   - respond: Turns the results into the response text that is stored and replayed.
    /// - Throws: What ``record(_:)`` throws; nothing is stored then, and the key stays unused.
    package func record(
        _ claimed: [ReviewInput], userID: Int64, idempotencyKey: String, requestHash: String,
        respond: @escaping @Sendable ([ReviewResult]) throws -> String
    ) async throws -> IdempotentReply {
        let now = now()
        let answers = try claimed.map { answer in
            var checked = answer
            checked.time = try EventTime.notInFuture(answer.time, now: now)
            return checked
        }
        let pending = answers.map {
            PendingReview(
                userID: $0.userID, cardID: $0.cardID, sessionID: $0.sessionID,
                recallWindow: Self.recallWindow(at: $0.time))
        }
        let decide: @Sendable (ReviewContext, Int) throws -> ReviewDecision = { context, index in
            let answer = answers[index]
            return try Self.decide(
                context, rating: answer.rating, at: answer.time, now: now,
                durationMilliseconds: answer.durationMilliseconds)
        }
        let batch = BatchGamification(userIDs: answers.map(\.userID))
        var gamify: (@Sendable (GamificationInput, Int) throws -> GamificationWrite?)?
        if let gamifier {
            gamify = { input, index in
                let answer = answers[index]
                let decision = try gamifier.decideReview(
                    input, rating: answer.rating, at: answer.time,
                    duration: Double(answer.durationMilliseconds ?? 0) / 1000, known: batch.state(of: input.userID),
                    encodesState: batch.lastIndex[input.userID] == index)
                if let decision { batch.set(decision, at: index, userID: input.userID) }
                return decision?.write
            }
        }
        let gamifier = gamifier
        return try await store.recordReviewsIdempotently(
            userID: userID, key: idempotencyKey, requestHash: requestHash, pending, decide: decide, gamify: gamify
        ) { recorded in
            let decided = batch.decisions
            let results = recorded.enumerated().map { index, recorded in
                let answer = answers[index]
                let rewards = gamifier.flatMap { gamifier in
                    decided[index].flatMap { gamifier.rewards(of: $0, commit: recorded.gamification) }
                }
                return ReviewResult(recorded, rating: answer.rating, at: answer.time, rewards: rewards)
            }
            return try respond(results)
        }
    }
}
