import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The session use cases' own checks (`Sessions`, `SessionSteps`), which the store held before issue 23 moved them
/// out: which sessions can be resumed, that a skip, a burial or a suspension in a session is of its next card, and
/// that a session kept in memory never reaches the store.
struct SessionUseCaseTests {
    private let utc = StudyDay(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)

    private func start(_ game: GameHarness, _ topic: Topic, mode: SessionMode = .spaced, stored: Bool = true)
        async throws -> StudySessionRecord
    {
        var rng = SplitMix64(seed: 3)
        return try await game.service.start(
            userID: game.base.user.id, topicIDs: [topic.id], limit: 10, mode: mode, day: utc, stored: stored,
            using: &rng)
    }

    @Test func unfinishedSessionsHaveCardsLeftAndAreFoundAmongTheNewestScanned() async throws {
        let game = try await GameHarness()
        let (topic, cards) = try await game.base.topic("Rome", cards: 2)
        let userID = game.base.user.id
        let ids = cards.map(\.id)
        var started: [Int64] = []
        for queue in [ids, [], ids, ids] {
            started.append(
                try await Sessions.start(
                    on: game.store, userID: userID, mode: .free, topicIDs: [topic.id], queue: queue
                )
                .id)
            game.base.time.advance(by: 1)
        }
        _ = try await game.service.end(try await Sessions.session(on: game.store, id: started[3], userID: userID))

        let unfinished = try await Sessions.unfinished(on: game.store, userID: userID, limit: 5)
        #expect(unfinished.map(\.id) == [started[2], started[0]], "newest first; none ended, none without cards left")
        #expect(try await Sessions.unfinished(on: game.store, userID: userID, limit: 1).map(\.id) == [started[2]])
        #expect(
            try await Sessions.unfinished(on: game.store, userID: userID, limit: 5, scanned: 2).map(\.id)
                == [started[2]], "the two newest open sessions are scanned: the empty one and the third")
        let other = try await game.learner("bo")
        #expect(try await Sessions.unfinished(on: game.store, userID: other.id, limit: 5).isEmpty)
    }

    @Test func aSkipIsOfTheNextCardAndASessionInMemoryStaysOutOfTheStore() async throws {
        let game = try await GameHarness()
        let (topic, _) = try await game.base.topic("Rome", cards: 3)
        let stored = try await start(game, topic, mode: .free)
        let first = try #require(stored.nextCardID)
        let before = try await game.base.tableContents()
        await #expect(
            throws: StoreError.sessionConflict(
                id: stored.id, problem: "the next card is \(first), not \(stored.queue[2])")
        ) {
            _ = try await game.service.skip(stored, cardID: stored.queue[2])
        }
        #expect(try await game.base.tableContents() == before, "a refused skip changes nothing")

        let memory = try await start(game, topic, mode: .free, stored: false)
        #expect(memory.id == 0)
        let skipped = try await game.service.skip(memory, cardID: memory.queue[0])
        #expect(skipped.queue == Array(memory.queue.dropFirst()) + [memory.queue[0]])
        #expect(skipped.position == 0 && skipped.counts == SessionCounts())
        #expect(try await game.base.tableContents() == before, "a session in memory is skipped in memory")

        let last = try await game.service.skip(
            StudySessionRecord(
                id: 0, userID: memory.userID, mode: .free, topicIDs: [topic.id], queue: [first],
                startedAt: memory.startedAt),
            cardID: first)
        #expect(last.queue == [first] && last.nextCardID == first, "the last card left stays the next one")
    }

    @Test func buryingOrSuspendingInASessionIsOfItsNextCardAndElseChangesNothing() async throws {
        let game = try await GameHarness()
        let (topic, _) = try await game.base.topic("Rome", cards: 3)
        let session = try await start(game, topic)
        let next = try #require(session.nextCardID)
        let other = session.queue[1]
        let before = try await game.base.tableContents()
        let refused = StoreError.sessionConflict(id: session.id, problem: "the next card is \(next), not \(other)")
        await #expect(throws: refused) { _ = try await game.service.buryNext(of: session, cardID: other, day: utc) }
        await #expect(throws: refused) { _ = try await game.service.suspendNext(of: session, cardID: other) }
        #expect(try await game.base.tableContents() == before, "nothing buried, nothing suspended, the queue as it was")

        let buried = try await game.service.buryNext(of: session, cardID: next, day: utc)
        #expect(buried.burial.cardIDs == [next])
        #expect(buried.session.queue == Array(session.queue.dropFirst()) && buried.session.nextCardID == other)
        let suspended = try await game.service.suspendNext(of: buried.session, cardID: other)
        #expect(suspended.queue == Array(session.queue.dropFirst(2)))
        #expect(try await Sessions.session(on: game.store, id: session.id, userID: session.userID) == suspended)

        let ended = try await game.service.end(suspended)
        await #expect(throws: StoreError.sessionEnded(id: session.id)) {
            _ = try await game.service.suspendNext(of: ended, cardID: session.queue[2])
        }
    }
}
