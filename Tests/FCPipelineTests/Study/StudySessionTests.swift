import FCCore
import FCPipeline
import FCScheduler
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Sessions through the study service: queue order, limits, recording, free mode.
struct StudySessionTests {
    private let utc = StudyDay(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)

    @Test func dueCardsComeFirstWeakestFirstThenNewCardsInDeckOrder() async throws {
        let harness = try await StudyHarness()
        let (topic, cards) = try await harness.topic("Rome", cards: 8)
        let recorder = harness.service.recorder
        let now = harness.time.date
        // The clock runs ahead to the last review: a review cannot be dated in the future.
        harness.time.advance(by: 700)
        // cards[0]: failed → relearning (level 0); cards[1], cards[2]: good twice → review, 1 day (level 1).
        try await recorder.record(userID: harness.user.id, cardID: cards[0].id, rating: .good, at: now)
        try await recorder.record(userID: harness.user.id, cardID: cards[0].id, rating: .good, at: now + 700)
        for card in cards[1...2] {
            try await recorder.record(userID: harness.user.id, cardID: card.id, rating: .good, at: now)
            try await recorder.record(userID: harness.user.id, cardID: card.id, rating: .good, at: now + 700)
        }
        // Two days later all three are due; cards[0] is then failed (relearning, due in 10 minutes).
        harness.time.advance(by: 2 * 86_400)
        try await recorder.record(userID: harness.user.id, cardID: cards[0].id, rating: .fail, at: harness.time.date)

        var rng = SplitMix64(seed: 1)
        let queue = try await harness.service.spacedQueue(
            userID: harness.user.id, topicIDs: [topic.id], limit: 6, day: utc, using: &rng)

        #expect(queue.first == cards[0].id)
        #expect(Set(queue[1...2]) == [cards[1].id, cards[2].id])
        #expect(Array(queue[3...]) == cards[3...5].map(\.id))
    }

    @Test func theShuffleWithinALevelIsSeededAndLimitsHold() async throws {
        let harness = try await StudyHarness()
        let (topic, cards) = try await harness.topic("Rome", cards: 60)
        for card in cards {
            try await harness.service.recorder.record(
                userID: harness.user.id, cardID: card.id, rating: .easy, at: harness.time.date)
        }
        harness.time.advance(by: 30 * 86_400)
        func queue(seed: UInt64, limit: Int) async throws -> [Int64] {
            var rng = SplitMix64(seed: seed)
            return try await harness.service.spacedQueue(
                userID: harness.user.id, topicIDs: [topic.id], limit: limit, day: utc, using: &rng)
        }

        #expect(try await queue(seed: 5, limit: 25) == (try await queue(seed: 5, limit: 25)))
        #expect(try await queue(seed: 5, limit: 50) != (try await queue(seed: 6, limit: 50)))
        for limit in StudyQueue.sizes {
            let ids = try await queue(seed: 9, limit: limit)
            #expect(ids.count == limit)
            #expect(Set(ids).count == limit)
        }
    }

    @Test func aSpacedSessionRecordsEachAnswerAndSummarises() async throws {
        let harness = try await StudyHarness()
        let (topic, _) = try await harness.topic("Rome", cards: 3)
        var rng = SplitMix64(seed: 2)
        var session = try await harness.service.start(
            userID: harness.user.id, topicIDs: [topic.id], limit: 10, mode: .spaced, day: utc, using: &rng)
        #expect(session.queue.count == 3)

        // First sight: good, again, easy. badger's one learning step brings back the new card rated good and the one
        // failed (learning steps), each passed by a good answer; easy passes at once.
        var firstSight = [Rating.good, .fail, .easy]
        while let card = try await harness.service.nextCard(of: session) {
            let rating = session.nextIsRepeat ? Rating.good : firstSight.removeFirst()
            session = try await harness.service.answer(session, cardID: card.id, rating: rating).session
        }
        #expect(firstSight.isEmpty)
        let ended = try await harness.service.end(session)

        #expect(ended.counts == SessionCounts(cards: 5, correct: 4, failed: 1, empty: 0, ratingSum: 9))
        #expect(ended.isEnded)
        #expect(
            try await harness.store.scalarInteger("SELECT COUNT(*) FROM reviews WHERE session_id = \(session.id)") == 5)
        #expect(try await harness.store.scalarInteger("SELECT COUNT(*) FROM card_states") == 3)
    }

    @Test func freeModeLeavesEveryTableExactlyAsItWas() async throws {
        let harness = try await StudyHarness()
        let (topic, cards) = try await harness.topic("Rome", cards: 5)
        try await harness.service.recorder.record(
            userID: harness.user.id, cardID: cards[0].id, rating: .good, at: harness.time.date)
        let before = try await harness.tableContents()

        var rng = SplitMix64(seed: 3)
        var session = try await harness.service.start(
            userID: harness.user.id, topicIDs: [topic.id], limit: 10, mode: .free, day: utc, stored: false,
            using: &rng)
        // Each card failed on first sight comes back (free practice asks a failed card again) and is passed then.
        while let card = try await harness.service.nextCard(of: session) {
            let rating = session.nextIsRepeat ? Rating.good : .fail
            session = try await harness.service.answer(session, cardID: card.id, rating: rating).session
        }
        let ended = try await harness.service.end(session)

        #expect(ended.counts.cards == 10)
        #expect(ended.counts.failed == 5)
        #expect(try await harness.tableContents() == before)
        #expect(before.contains("card_states:\n"))
    }

    @Test func aLogReplayReproducesTheStoredStateAndASwitchedAlgorithmRebuildsIt() async throws {
        let harness = try await StudyHarness()
        let (topic, cards) = try await harness.topic("Rome", cards: 1)
        let card = cards[0]
        var at = harness.time.date
        // The clock runs ahead to the last review: a review cannot be dated in the future.
        harness.time.advance(by: 30 * 86_400)
        for rating in [Rating.good, .good, .difficult, .good, .fail, .good] {
            try await harness.service.recorder.record(userID: harness.user.id, cardID: card.id, rating: rating, at: at)
            at += 3 * 86_400
        }
        let stored = try #require(try await harness.store.cardState(userID: harness.user.id, cardID: card.id))
        let log = try await harness.store.reviewLog(userID: harness.user.id, cardID: card.id).map {
            ReviewLogEntry(reviewedAt: $0.reviewedAt, rating: Rating(rawValue: $0.rating) ?? .fail)
        }
        let replayed = Scheduler(algorithm: .badger).rebuild(
            from: log, createdAt: card.createdAt, cardSeed: UInt64(bitPattern: card.id))
        #expect(CardState(stored) == replayed)

        // Switch the topic to FSRS behind the recorder's back: the next review rebuilds from the log first.
        _ = try await harness.store.scalarInteger("UPDATE topics SET algorithm = 'fsrs' WHERE id = \(topic.id)")
        let result = try await harness.service.recorder.record(
            userID: harness.user.id, cardID: card.id, rating: .good, at: at)
        let fsrs = Scheduler(algorithm: .fsrs)
        let expected = fsrs.rebuild(
            from: log + [ReviewLogEntry(reviewedAt: at, rating: .good)], createdAt: card.createdAt,
            cardSeed: UInt64(bitPattern: card.id))
        #expect(result.algorithm == .fsrs)
        #expect(result.state == expected)
        #expect(result.state.reps == 7)
    }

    @Test func aReviewDatedBeforeTheLastOneIsRefused() async throws {
        let harness = try await StudyHarness()
        let (_, cards) = try await harness.topic("Rome", cards: 1)
        harness.time.advance(by: 86_400)
        let now = harness.time.date
        try await harness.service.recorder.record(userID: harness.user.id, cardID: cards[0].id, rating: .good, at: now)
        // After the card's creation, before its last review.
        await #expect {
            try await harness.service.recorder.record(
                userID: harness.user.id, cardID: cards[0].id, rating: .good, at: now - 60)
        } throws: { error in
            guard case PipelineError.eventTime(let violation) = error, case .beforeLastReview = violation.problem
            else { return false }
            return "\(error)".contains("before the learner's last review of card \(cards[0].id)")
        }
    }
}
