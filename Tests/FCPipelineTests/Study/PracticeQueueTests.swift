import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Free and quiz sessions leave out what the learner suspended or buried, as the spaced queue does.
struct PracticeQueueTests {
    private let utc = StudyDay(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)

    private func queue(_ harness: StudyHarness, _ mode: SessionMode, topics: [Topic], seed: UInt64 = 1)
        async throws -> [Int64]
    {
        var rng = SplitMix64(seed: seed)
        return try await harness.service.start(
            userID: harness.user.id, topicIDs: topics.map(\.id), limit: 100, mode: mode, day: utc, using: &rng
        ).queue
    }

    @Test(arguments: [SessionMode.free, .quiz])
    func suspendedAndBuriedCardsStayOutOfPractice(mode: SessionMode) async throws {
        let harness = try await StudyHarness()
        let (rome, romeCards) = try await harness.topic("Rome", cards: 6)
        let (nile, nileCards) = try await harness.topic("Nile", cards: 4)
        let everything = Set((romeCards + nileCards).map(\.id))
        #expect(Set(try await queue(harness, mode, topics: [rome, nile])) == everything)

        let suspended = [romeCards[1].id, nileCards[0].id]
        try await harness.service.suspend(cardIDs: suspended, userID: harness.user.id)
        let until = try await harness.service.bury(cardIDs: [romeCards[4].id], userID: harness.user.id, day: utc).until
        let heldBack = Set(suspended + [romeCards[4].id])
        for seed in UInt64(1)...5 {
            let ids = try await queue(harness, mode, topics: [rome, nile], seed: seed)
            #expect(Set(ids) == everything.subtracting(heldBack), "seed \(seed)")
            #expect(ids.count == everything.count - heldBack.count)
        }

        // Another learner's flags are theirs alone.
        let other = try await Learners.ensure(on: harness.store, named: "Other")
        var rng = SplitMix64(seed: 1)
        let theirs = try await harness.service.start(
            userID: other.id, topicIDs: [rome.id, nile.id], limit: 100, mode: mode, day: utc, using: &rng)
        #expect(Set(theirs.queue) == everything)

        // Unsuspended cards come back; the buried one once its burial has ended.
        try await harness.service.unsuspend(cardIDs: suspended, userID: harness.user.id)
        #expect(Set(try await queue(harness, mode, topics: [rome, nile])) == everything.subtracting([romeCards[4].id]))
        harness.time.advance(by: until.timeIntervalSince(harness.time.date) + 1)
        #expect(Set(try await queue(harness, mode, topics: [rome, nile])) == everything)
    }

    @Test func anInMemoryFreeSessionLeavesThemOutToo() async throws {
        let harness = try await StudyHarness()
        let (topic, cards) = try await harness.topic("Rome", cards: 5)
        try await harness.service.suspend(cardIDs: [cards[2].id], userID: harness.user.id)
        var rng = SplitMix64(seed: 3)
        let session = try await harness.service.start(
            userID: harness.user.id, topicIDs: [topic.id], limit: 10, mode: .free, day: utc, stored: false,
            using: &rng)
        #expect(session.id == 0)
        #expect(Set(session.queue) == Set(cards.map(\.id)).subtracting([cards[2].id]))
    }
}
