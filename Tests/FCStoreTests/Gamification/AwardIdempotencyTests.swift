import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Awards at the store: `INSERT OR IGNORE` by (learner, kind, reference), XP counted only for inserted rows, and
/// everything in the review's transaction.
struct AwardIdempotencyTests {
    /// A write as the engine would make it for a first review of `cardID` today: card XP and First Steps.
    static func write(cardID: Int64, at time: Date = Fixtures.date, state: String = "{}") -> GamificationWrite {
        GamificationWrite(
            stateJSON: state,
            awards: [
                AwardRecord(
                    kind: "xp:card", reference: "\(cardID):2023-11-14", xp: 25, day: "2023-11-14", earnedAt: time),
                AwardRecord(kind: "achievement", reference: "first_steps", xp: 10, day: "2023-11-14", earnedAt: time),
            ],
            achievements: [AchievementRecord(achievementID: "first_steps", unlockedAt: time)],
            dailyStats: DailyStatsRecord(
                userID: 0, day: "2023-11-14", cardsReviewed: 1, topicsExplored: 1, achievements: 1),
            updatedAt: time)
    }

    @Test func theSameAwardsWrittenTwicePayOnce() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path)
        var stats = Self.write(cardID: world.cards[0].id)
        stats.dailyStats?.userID = world.user.id
        let award = AwardWrite.gamification(stats)
        for _ in 0..<2 {
            let recorded = try await world.store.recordReview(
                userID: world.user.id, cardID: world.cards[0].id, sessionID: nil
            ) { context in
                var decision = StudyWorld.decision(
                    context, rating: 2, at: Fixtures.date, dueIn: 600, level: 0, stability: 1)
                decision.awards = [award]
                return decision
            }
            #expect(recorded.gamification?.totalXP == 35)
        }
        let state = try #require(try await GamificationRecords.state(on: world.store, userID: world.user.id))
        #expect(state.totalXP == 35)
        #expect(try await world.store.scalarInteger("SELECT COUNT(*) FROM xp_events") == 2)
        #expect(try await world.store.scalarInteger("SELECT COUNT(*) FROM reviews") == 2)
        #expect(
            try await GamificationRecords.achievements(on: world.store, userID: world.user.id).map(\.achievementID) == [
                "first_steps"
            ])
        let day = try #require(try await GamificationRecords.dailyStats(on: world.store, day: "2023-11-14").first)
        #expect(day.xp == 35)
        #expect(day.cardsReviewed == 1)
        #expect(day.name == User.defaultName)
    }

    @Test func aRetryAfterAFaultMidTransactionPaysOnce() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path)
        let card = world.cards[0]
        let record: @Sendable () async throws -> RecordedReview = {
            try await world.store.recordReview(
                userID: world.user.id, cardID: card.id, sessionID: nil,
                decide: { StudyWorld.decision($0, rating: 2, at: Fixtures.date, dueIn: 600, level: 0, stability: 1) },
                gamify: { input in
                    // The engine would see no state on the first (rolled back) attempt and on the retry alike.
                    #expect(input.stored == nil)
                    #expect(input.card?.lastReviewBefore == nil)
                    return Self.write(cardID: card.id)
                })
        }
        await world.store.setFaultAfterReviewInsert(true)
        await #expect(throws: StoreError.injectedFault(afterCardInserts: 0)) { try await record() }
        await world.store.setFaultAfterReviewInsert(false)
        #expect(try await world.store.scalarInteger("SELECT COUNT(*) FROM xp_events") == 0)
        #expect(try await GamificationRecords.state(on: world.store, userID: world.user.id) == nil)

        let retried = try await record()
        #expect(retried.gamification?.paidXP == 35)
        #expect(retried.gamification?.insertedKeys.count == 2)
        #expect(try await GamificationRecords.state(on: world.store, userID: world.user.id)?.totalXP == 35)
        #expect(try await world.store.scalarInteger("SELECT COUNT(*) FROM xp_events") == 2)
        #expect(try await world.store.integrityCheck() == "ok")
    }

    @Test func boxesAreStoredOnceAndOpenOnce() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path)
        let session = try await Sessions.start(
            on: world.store, userID: world.user.id, mode: .spaced, topicIDs: [world.topic.id], queue: [])
        let earn: @Sendable (GamificationInput) -> GamificationWrite? = { input in
            #expect(input.endedSession?.session.id == session.id)
            return GamificationWrite(
                stateJSON: "{}",
                awards: [
                    AwardRecord(
                        kind: "box", reference: "\(session.id):1", xp: 0, day: "2023-11-14", earnedAt: Fixtures.date)
                ],
                boxesEarned: [
                    BoxRecord(
                        boxID: "\(session.id):1", sessionID: session.id, ordinal: 1, rarity: "rare",
                        earnedAt: Fixtures.date)
                ],
                sessionID: input.sessionID, updatedAt: Fixtures.date)
        }
        let ended = try await world.store.endSession(id: session.id, userID: world.user.id, gamify: earn)
        #expect(ended.gamification?.insertedKeys == ["box:\(session.id):1"])
        let again = try await world.store.endSession(id: session.id, userID: world.user.id, gamify: earn)
        #expect(again.gamification == nil)
        #expect(
            try await GamificationRecords.boxes(on: world.store, userID: world.user.id, unopenedOnly: true).count == 1)

        let open: @Sendable (GamificationInput) -> GamificationWrite? = { _ in
            GamificationWrite(
                stateJSON: "{}",
                awards: [
                    AwardRecord(
                        kind: "box_open", reference: "\(session.id):1", xp: 40, day: "2023-11-14",
                        earnedAt: Fixtures.date)
                ],
                boxesOpened: [BoxOpening(boxID: "\(session.id):1", xp: 40, openedAt: Fixtures.date)],
                updatedAt: Fixtures.date)
        }
        #expect(try await world.store.updateGamification(userID: world.user.id, open).paidXP == 40)
        #expect(try await world.store.updateGamification(userID: world.user.id, open).paidXP == 0)
        let boxes = try await GamificationRecords.boxes(on: world.store, userID: world.user.id)
        #expect(boxes.map(\.xp) == [40])
        #expect(try await GamificationRecords.boxes(on: world.store, userID: world.user.id, unopenedOnly: true).isEmpty)
        #expect(
            try await GamificationRecords.awards(on: world.store, userID: world.user.id, sessionID: session.id).map(
                \.kind) == ["box"])
    }
}
