import FCCore
import FCScheduler
import FCStore
import FCTestSupport
import Foundation
import Synchronization
import Testing

/// A review whose time was read from the clock (`RecallWindow.followsLastReview`) is read, and dated, at the
/// learner's last review of the card when that is later: a concurrent review of the card committed first. Its
/// recall window is read there, on both engines (PostgreSQL moves it inside the context's one statement).
struct ClockTimeWindowTests {
    /// The world with three stored reviews in its topic: cards 0, 1 at `start`, +10 s, and card 2 at +20 s (keep
    /// `database` alive as long as the world).
    private func world(in database: TemporaryDatabase) async throws -> (StudyWorld, start: Date) {
        let world = try await StudyWorld.make(path: database.path)
        let start = Fixtures.date
        try await world.review(world.cards[0], rating: 2, at: start)
        try await world.review(world.cards[1], rating: 0, at: start.addingTimeInterval(10))
        try await world.review(world.cards[2], rating: 2, at: start.addingTimeInterval(20))
        return (world, start)
    }

    private func window(at time: Date, follows: Bool) -> RecallWindow {
        RecallWindow(size: 50, time: time, algorithms: [.badger], followsLastReview: follows)
    }

    @Test func aWindowThatFollowsTheLastReviewIsReadThereAndSaysSo() async throws {
        let database = await TemporaryDatabase.make()
        let (world, start) = try await world(in: database)
        let seen = Mutex<[ReviewContext]>([])
        let clock = start.addingTimeInterval(5)
        for follows in [false, true] {
            // Card 2's last review (+20 s) is after the clock's time (+5 s).
            _ = try? await world.store.recordReview(
                userID: world.user.id, cardID: world.cards[2].id, sessionID: nil,
                recallWindow: window(at: clock, follows: follows)
            ) { context in
                seen.withLock { $0.append(context) }
                throw CancellationError()
            }
        }
        let contexts = seen.withLock { $0 }
        try #require(contexts.count == 2)
        // As given: the window ends at +5 s (one review), and no time is moved.
        #expect(contexts[0].reviewTime == nil)
        #expect(contexts[0].recentRecall == RecallSample(reviews: 1, passed: 1))
        // Following: read at +20 s, all three reviews (one failed).
        #expect(contexts[1].reviewTime == start.addingTimeInterval(20))
        #expect(contexts[1].recentRecall == RecallSample(reviews: 3, passed: 2))

        // A card whose last review is earlier keeps the clock's time.
        let kept = Mutex<ReviewContext?>(nil)
        _ = try? await world.store.recordReview(
            userID: world.user.id, cardID: world.cards[0].id, sessionID: nil,
            recallWindow: window(at: start.addingTimeInterval(15), follows: true)
        ) { context in
            kept.withLock { $0 = context }
            throw CancellationError()
        }
        let context = try #require(kept.withLock { $0 })
        #expect(context.reviewTime == start.addingTimeInterval(15))
        #expect(context.recentRecall == RecallSample(reviews: 2, passed: 1))
        #expect(try await world.store.scalarInteger("SELECT COUNT(*) FROM reviews") == 3)
    }

    @Test func theBulkPathMovesEachWindowByItsCardsStoredLastReview() async throws {
        let database = await TemporaryDatabase.make()
        let (world, start) = try await world(in: database)
        let clock = start.addingTimeInterval(5)
        let seen = Mutex<[Int: ReviewContext]>([:])
        let pending = [
            PendingReview(
                userID: world.user.id, cardID: world.cards[2].id, recallWindow: window(at: clock, follows: true)),
            PendingReview(
                userID: world.user.id, cardID: world.cards[3].id, recallWindow: window(at: clock, follows: true)),
            PendingReview(
                userID: world.user.id, cardID: world.cards[2].id, recallWindow: window(at: clock, follows: false)),
        ]
        _ = try await world.store.recordReviews(pending) { context, index in
            seen.withLock { $0[index] = context }
            let at = context.reviewTime ?? clock
            // The third is recorded at the second's time: after the first (moved to +20 s) it would be refused
            // by the pipeline; here it only shows what it was read with.
            return StudyWorld.decision(context, rating: 2, at: at, dueIn: 86_400, level: 1, stability: 1)
        }
        let contexts = seen.withLock { $0 }
        #expect(contexts[0]?.reviewTime == start.addingTimeInterval(20))
        #expect(contexts[0]?.recentRecall == RecallSample(reviews: 3, passed: 2))
        #expect(contexts[1]?.reviewTime == clock)
        #expect(contexts[1]?.recentRecall == RecallSample(reviews: 1, passed: 1))
        #expect(contexts[2]?.reviewTime == nil)
        #expect(contexts[2]?.state?.lastReview == start.addingTimeInterval(20))
        #expect(try await world.store.scalarInteger("SELECT COUNT(*) FROM reviews") == 6)
    }
}
