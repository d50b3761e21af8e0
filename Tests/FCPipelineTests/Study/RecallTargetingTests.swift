import FCCore
import FCPipeline
import FCScheduler
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Badger's recall targeting on live reviews: the rate comes from the review log, so rebuilding reproduces it.
struct RecallTargetingTests {
    /// Every learner's state of every card of the topic, by card id.
    static func states(_ harness: StudyHarness, cards: [Card], userID: Int64) async throws -> [Int64: StoredCardState] {
        var states: [Int64: StoredCardState] = [:]
        for card in cards {
            states[card.id] = try await harness.store.cardState(userID: userID, cardID: card.id)
        }
        return states
    }

    @Test func aRebuildEqualsTheLiveStatesWithRecallTargetingActive() async throws {
        let harness = try await StudyHarness()
        let (topic, cards) = try await harness.topic("Rome", cards: 30)
        var at = harness.time.date
        // The clock runs ahead to the last review: a review cannot be dated in the future.
        harness.time.advance(by: 30 * 86_400)
        // Phases of high and of low recall, so the rate crosses the target band both ways.
        for round in 0..<12 {
            for (index, card) in cards.enumerated() {
                let failEvery = round < 4 ? 40 : round < 8 ? 3 : 8
                let rating: Rating = (index + round) % failEvery == 0 ? .fail : index % 5 == 0 ? .easy : .good
                try await harness.service.recorder.record(
                    userID: harness.user.id, cardID: card.id, rating: rating, at: at)
                at += 700
            }
            at += 2 * 86_400
        }
        let live = try await Self.states(harness, cards: cards, userID: harness.user.id)
        #expect(live.count == 30)

        // The adaptation mattered: replaying without rates gives other states for some cards.
        var differs = 0
        for card in cards {
            let log = try await harness.store.reviewLog(userID: harness.user.id, cardID: card.id)
                .compactMap(ReviewLogEntry.init)
            let unadapted = Scheduler(algorithm: .badger).rebuild(
                from: log, createdAt: card.createdAt, cardSeed: UInt64(bitPattern: card.id))
            if let state = live[card.id], CardState(state) != unadapted { differs += 1 }
        }
        #expect(differs > 5)

        #expect(try await AlgorithmSwitch.setAlgorithm(on: harness.store, .badger, topicID: topic.id) == 30)
        #expect(try await Self.states(harness, cards: cards, userID: harness.user.id) == live)

        try await AlgorithmSwitch.setAlgorithm(on: harness.store, .fsrs, topicID: topic.id)
        let fsrs = try await Self.states(harness, cards: cards, userID: harness.user.id)
        #expect(fsrs.values.allSatisfy { $0.algorithm == .fsrs })
        #expect(fsrs != live)
        try await AlgorithmSwitch.setAlgorithm(on: harness.store, .badger, topicID: topic.id)
        #expect(try await Self.states(harness, cards: cards, userID: harness.user.id) == live)
    }

    @Test func aLearnerAtNinetyEightPercentGetsLongerIntervalsThanOneAtSeventyBounded() async throws {
        let harness = try await StudyHarness()
        let (_, cards) = try await harness.topic("Rome", cards: 51)
        let high = try await Learners.ensure(on: harness.store, named: "High")
        let low = try await Learners.ensure(on: harness.store, named: "Low")
        let start = harness.time.date
        // The clock runs ahead to the last review: a review cannot be dated in the future.
        harness.time.advance(by: 10 * 365 * 86_400)
        // Warm-up: 50 reviews each, 49 passed (98 %) and 35 passed (70 %), failures spread out.
        for (index, card) in cards.dropLast().enumerated() {
            let at = start.addingTimeInterval(Double(index))
            try await harness.service.recorder.record(
                userID: high.id, cardID: card.id, rating: index == 25 ? .fail : .good, at: at)
            try await harness.service.recorder.record(
                userID: low.id, cardID: card.id, rating: index % 10 < 3 ? .fail : .good, at: at)
        }
        // The same card answered Good on time by both: learning step, graduation, then long-term reviews.
        let card = try #require(cards.last)
        var results: [Int64: [ReviewResult]] = [:]
        for user in [high, low] {
            var at = start.addingTimeInterval(100)
            for _ in 0..<5 {
                let result = try await harness.service.recorder.record(
                    userID: user.id, cardID: card.id, rating: .good, at: at)
                results[user.id, default: []].append(result)
                at = result.state.due
            }
        }
        let highIntervals = try #require(results[high.id]).map { $0.state.due.timeIntervalSince($0.reviewedAt) }
        let lowIntervals = try #require(results[low.id]).map { $0.state.due.timeIntervalSince($0.reviewedAt) }
        // Learning step and graduation day are not adapted (same per-card fuzz for both learners).
        #expect(highIntervals.prefix(2) == lowIntervals.prefix(2))
        // The neutral ladder for comparison: the same reviews replayed without any rate.
        let neutral = Scheduler(algorithm: .badger).replay(
            try #require(results[high.id]).map { ReviewLogEntry(reviewedAt: $0.reviewedAt, rating: .good) },
            createdAt: card.createdAt, cardSeed: UInt64(bitPattern: card.id))
        for index in 2..<5 {
            #expect(highIntervals[index] > lowIntervals[index])
            #expect(highIntervals[index] > neutral[index].interval && lowIntervals[index] < neutral[index].interval)
        }
        // Bounded: the first long-term step's gain (stability 1 day → S') moves by at most 15 % either way.
        let neutralGain = try #require(neutral[2].card.stability) - 1
        let highGain = try #require(results[high.id]?[2].state.stability) - 1
        let lowGain = try #require(results[low.id]?[2].state.stability) - 1
        #expect(highGain > neutralGain && highGain <= neutralGain * 1.15 + 1e-9)
        #expect(lowGain < neutralGain && lowGain >= neutralGain * 0.85 - 1e-9)
    }
}
