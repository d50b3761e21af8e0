import FCCore
import FCGamification
import FCPipeline
import FCScheduler
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Every use case that records a learner's answer checks its time against the clock (`EventTime`): the rule lives
/// in the pipeline, so the CLI and the coming HTTP API share it.
struct EventTimeTests {
    @Test func aReviewAfterNowBeyondTheAllowanceIsRefusedAndNothingChanges() async throws {
        let game = try await GameHarness()
        let (_, cards) = try await game.base.topic("Rome", cards: 3)
        let user = game.base.user
        let now = game.base.time.date
        try await game.service.recorder.record(userID: user.id, cardID: cards[0].id, rating: .good, at: now)
        let before = try await game.base.tableContents()

        let late = now.addingTimeInterval(EventTime.clockSkewAllowance + 1)
        await #expect {
            try await game.service.recorder.record(userID: user.id, cardID: cards[1].id, rating: .good, at: late)
        } throws: { error in
            guard case PipelineError.eventTime(let violation) = error, case .inFuture = violation.problem else {
                return false
            }
            return violation.latest == now.addingTimeInterval(300) && "\(error)".contains("is in the future")
        }
        #expect(try await game.base.tableContents() == before)
    }

    @Test func aReviewBeforeTheCardExistedIsRefused() async throws {
        let game = try await GameHarness()
        let (_, cards) = try await game.base.topic("Rome", cards: 1)
        game.base.time.advance(by: 86_400)
        let before = try await game.base.tableContents()
        let early = StudyHarness.start.addingTimeInterval(-1)
        await #expect {
            try await game.service.recorder.record(
                userID: game.base.user.id, cardID: cards[0].id, rating: .good, at: early)
        } throws: { error in
            guard case PipelineError.eventTime(let violation) = error,
                case .beforeCardCreated(let cardID, let createdAt) = violation.problem
            else { return false }
            return cardID == cards[0].id && createdAt == StudyHarness.start
                && violation.named("--at").description.hasPrefix("--at 2023-11-14T22:13:19Z is before card")
        }
        #expect(try await game.base.tableContents() == before)
        // At the very instant of creation it is fine.
        let at = try await game.service.recorder.record(
            userID: game.base.user.id, cardID: cards[0].id, rating: .good, at: StudyHarness.start)
        #expect(at.reviewedAt == StudyHarness.start)
    }

    @Test func aTimeWithinTheAllowanceIsRecordedAsNowSoTheDayIsNeverInTheFuture() async throws {
        // 23:58 UTC: four minutes ahead would be tomorrow.
        let game = try await GameHarness(start: Date(timeIntervalSince1970: 1_700_006_280))
        let (_, cards) = try await game.base.topic("Rome", cards: 2)
        let now = game.base.time.date
        let result = try await game.service.recorder.record(
            userID: game.base.user.id, cardID: cards[0].id, rating: .good, at: now.addingTimeInterval(240))
        #expect(result.reviewedAt == now)
        #expect(result.state.lastReview == now)
        let state = try await game.game.state(of: game.base.user)
        #expect(state.today?.day.description == "2023-11-14")
        // A review one minute later, still "today", pays as usual.
        game.base.time.advance(by: 60)
        let next = try await game.service.recorder.record(
            userID: game.base.user.id, cardID: cards[1].id, rating: .good, at: game.base.time.date)
        #expect((next.rewards?.xpGained ?? 0) >= XPRewards.default.perfectCard)
    }

    @Test func aBatchWithOneBadTimeStoresNothing() async throws {
        let game = try await GameHarness()
        let (_, cards) = try await game.base.topic("Rome", cards: 3)
        let user = game.base.user.id
        let now = game.base.time.date
        let before = try await game.base.tableContents()
        let answers = [
            ReviewInput(userID: user, cardID: cards[0].id, rating: .good, at: now),
            ReviewInput(userID: user, cardID: cards[1].id, rating: .good, at: now.addingTimeInterval(3_600)),
        ]
        await #expect(throws: PipelineError.self) { try await game.service.recorder.record(answers) }
        let beforeCard = [ReviewInput(userID: user, cardID: cards[2].id, rating: .good, at: now.addingTimeInterval(-9))]
        await #expect(throws: PipelineError.self) {
            try await game.service.recorder.record(Array(answers[..<1]) + beforeCard)
        }
        #expect(try await game.base.tableContents() == before)
    }

    @Test func aSessionAnswerIsCheckedToo() async throws {
        let game = try await GameHarness()
        let (topic, _) = try await game.base.topic("Rome", cards: 5)
        var rng = SplitMix64(seed: 1)
        let session = try await game.service.start(
            userID: game.base.user.id, topicIDs: [topic.id], limit: 10, mode: .spaced,
            day: StudyDay(timeZone: TimeZone(secondsFromGMT: 0) ?? .current), using: &rng)
        let card = try #require(session.nextCardID)
        await #expect(throws: PipelineError.self) {
            try await game.service.answer(
                session, cardID: card, rating: .good, at: game.base.time.date.addingTimeInterval(86_400))
        }
        #expect(try await Sessions.session(on: game.store, id: session.id, userID: game.base.user.id).position == 0)
    }
}
