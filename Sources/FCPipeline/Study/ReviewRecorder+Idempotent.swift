import FCCore
import FCGamification
public import FCStore

extension ReviewRecorder {
    /// Records `claimed` as ``record(_:)`` does, under an idempotency key: for an HTTP client that retries.
    ///
    /// The reviews, the key and the response `respond` builds from their results are written in one transaction;
    /// a retry with the same key and the same request (`requestHash`) gets the first response back and records
    /// nothing (no second review, no second XP), also when the retries arrive at once. The same key for another
    /// request is ``FCStore/StoreError/idempotencyKeyReused(key:)``.
    ///
    /// Requests that arrive while the writer is busy share one transaction (``FCStore/Store/writeGrouped(_:_:)``),
    /// each with its own reply; one that fails is retried alone, so it fails alone.
    ///
    /// - Parameters:
    ///   - userID: The learner the key belongs to (every answer must be theirs).
    ///   - respond: Turns the results into the response text that is stored and replayed.
    /// - Throws: What ``record(_:)`` throws; nothing is stored then, and the key stays unused.
    package func record(
        _ claimed: [ReviewInput], userID: Int64, idempotencyKey: String, requestHash: String,
        respond: @escaping @Sendable ([ReviewResult]) throws -> String
    ) async throws -> IdempotentReply {
        let checked = try CheckedAnswers(claimed, now: now())
        let answers = checked.answers
        let pending = checked.pending
        let decide: @Sendable (ReviewContext, Int) throws -> ReviewDecision = { try checked.decide($0, $1) }
        // As in ``record(_:)``: each learner's gamification state is decoded once and encoded at their last answer.
        var lastIndex: [Int64: Int] = [:]
        for (index, answer) in answers.enumerated() { lastIndex[answer.userID] = index }
        let gamifier = gamifier
        return try await store.writeGrouped("record reviews idempotently", locking: userID) { [lastIndex] db in
            var decisions: [Int: Gamifier.Decision] = [:]
            var states: [Int64: GamificationState] = [:]
            var gamify: ((GamificationInput, Int) throws -> GamificationWrite?)?
            if let gamifier {
                gamify = { input, index in
                    let answer = answers[index]
                    let decision = try gamifier.decideReview(
                        input, rating: answer.rating, at: input.card?.reviewedAt ?? answer.time,
                        duration: Double(answer.durationMilliseconds ?? 0) / 1000, known: states[input.userID],
                        encodesState: lastIndex[input.userID] == index)
                    if let decision {
                        decisions[index] = decision
                        states[input.userID] = decision.state
                    }
                    return decision?.write
                }
            }
            return try await RecordReview.recordIdempotently(
                pending, in: db, userID: userID, key: idempotencyKey, requestHash: requestHash, decide: decide,
                gamify: gamify
            ) { recorded in
                let results = recorded.enumerated().map { index, recorded in
                    let answer = answers[index]
                    let rewards = gamifier.flatMap { gamifier in
                        decisions[index].flatMap { gamifier.rewards(of: $0, commit: recorded.gamification) }
                    }
                    return ReviewResult(recorded, rating: answer.rating, rewards: rewards)
                }
                return try respond(results)
            }
        }
    }
}
