import FCCore
import FCGamification
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The day-by-day history: days in the learner's zone, capped minutes, XP that adds up, and deletion that keeps it.
struct StudyHistoryTests {
    let newYork = try? StudyDay(override: "America/New_York")

    /// Two local days of study in New York (17:13 local at the harness start).
    func studied() async throws -> (GameHarness, User, [Card]) {
        let game = try await GameHarness()
        let user = try await game.learner("ny", zone: "America/New_York")
        let (topic, cards) = try await game.base.topic("Rome", cards: 3)
        let recorder = game.service.recorder
        let time = game.base.time
        try await recorder.record(
            userID: user.id, cardID: cards[0].id, rating: .good, at: time.date, durationMilliseconds: 60_000)
        time.advance(by: 3 * 3_600)  // 01:13 UTC the next day, still 20:13 in New York
        try await recorder.record(
            userID: user.id, cardID: cards[1].id, rating: .fail, at: time.date, durationMilliseconds: 1_200_000)
        time.advance(by: 24 * 3_600)
        try await recorder.record(userID: user.id, cardID: cards[0].id, rating: .good, at: time.date)
        var rng = SplitMix64(seed: 3)
        let day = try #require(newYork)
        var quiz = try await game.service.start(
            userID: user.id, topicIDs: [topic.id], limit: 2, mode: .quiz, day: day, using: &rng)
        while let card = try await game.service.nextCard(of: quiz) {
            quiz = try await game.service.answerQuiz(quiz, cardID: card.id, typed: card.answer).session
        }
        time.advance(by: 30 * 60)  // a quiz left open for half an hour counts 5 minutes per answer
        _ = try await game.service.finish(quiz)
        return (game, user, cards)
    }

    @Test func daysAreTheLearnersLocalDaysWithReviewsNewCardsMinutesAndXP() async throws {
        let (game, user, _) = try await studied()
        let history = try await game.service.history(
            user: user, from: try #require(LocalDay("2023-11-13")), to: try #require(LocalDay("2023-11-16")),
            day: try #require(newYork))
        #expect(history.days.map(\.day.description) == ["2023-11-13", "2023-11-14", "2023-11-15", "2023-11-16"])
        #expect(history.days.map(\.reviews) == [0, 2, 1, 0])
        #expect(history.days.map(\.newCards) == [0, 2, 0, 0])
        // 60 s + 20 minutes capped at 5; then a quiz of 2 answers capped at 10 minutes.
        #expect(history.days.map(\.seconds) == [0, 360, 600, 0])
        #expect(history.days.map(\.minutes) == [0, 6, 10, 0])
        #expect(history.totals.reviews == 3 && history.totals.daysStudied == 2)
        let total = try await game.totalXP(user)
        #expect(total > 0)
        #expect(history.totals.xp == total)
        #expect(history.days[1].xp > 0 && history.days[2].xp > 0)
        #expect(history.timeZone == "America/New_York")
    }

    @Test func deletingTheTopicKeepsHistoryStatisticsAndXPInAgreement() async throws {
        let (game, user, cards) = try await studied()
        let from = try #require(LocalDay("2023-11-01"))
        let to = try #require(LocalDay("2023-11-30"))
        let day = try #require(newYork)
        let before = try await game.service.history(user: user, from: from, to: to, day: day)
        let statsBefore = try await game.service.statistics(user: user, day: day)
        let xp = try await game.totalXP(user)

        _ = try await Topics.delete(on: game.store, id: cards[0].topicID, force: true)
        let after = try await game.service.history(user: user, from: from, to: to, day: day)
        #expect(after == before)
        #expect(after.totals.xp == (try await game.totalXP(user)))
        #expect(try await game.totalXP(user) == xp)
        let statsAfter = try await game.service.statistics(user: user, day: day)
        #expect(statsAfter.totalReviews == statsBefore.totalReviews)
        #expect(statsAfter.daysPractised == statsBefore.daysPractised)
        #expect(statsAfter.streaks == statsBefore.streaks)
        #expect(statsAfter.topics.isEmpty)
        #expect(try await game.store.scalarInteger("SELECT COUNT(*) FROM reviews") == 0)
    }

    @Test func deletingOneCardArchivesItsReviewsOnly() async throws {
        let (game, user, cards) = try await studied()
        try await CardEditing.delete(on: game.store, ids: [cards[1].id])
        #expect(try await game.store.scalarInteger("SELECT COUNT(*) FROM archived_reviews") == 1)
        #expect(try await game.store.scalarInteger("SELECT first_review FROM archived_reviews") == 1)
        let day = try #require(newYork)
        let history = try await game.service.history(
            user: user, from: try #require(LocalDay("2023-11-14")), to: try #require(LocalDay("2023-11-15")),
            day: day)
        #expect(history.days.map(\.reviews) == [2, 1])
    }

    @Test func reversedAndOverlongRangesAreRefused() async throws {
        let game = try await GameHarness()
        let day = StudyDay(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        let first = try #require(LocalDay("2020-01-01"))
        await #expect(throws: PipelineError.self) {
            try await game.service.history(user: game.base.user, from: first.next, to: first, day: day)
        }
        await #expect(throws: PipelineError.self) {
            try await game.service.history(
                user: game.base.user, from: first, to: first.advanced(by: StudyService.maximumHistoryDays), day: day)
        }
        let full = try await game.service.history(
            user: game.base.user, from: first, to: first.advanced(by: StudyService.maximumHistoryDays - 1), day: day)
        #expect(full.days.count == StudyService.maximumHistoryDays && full.totals.reviews == 0)
    }
}
