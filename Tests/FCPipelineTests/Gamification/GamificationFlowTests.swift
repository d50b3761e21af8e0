import FCCore
import FCGamification
import FCPipeline
import FCStore
import Foundation
import Testing

/// Reviews, quiz answers and session ends flowing through the engine and the store together.
struct GamificationFlowTests {
    @Test func replayingTheSameReviewPaysOnce() async throws {
        let game = try await GameHarness()
        let (_, cards) = try await game.base.topic("Rome", cards: 3)
        let user = game.base.user
        let first = try await game.service.recorder.record(
            userID: user.id, cardID: cards[0].id, rating: .good, at: StudyHarness.start)
        let rewards = try #require(first.rewards)
        #expect(rewards.xpGained >= 10 + 10)  // a perfect card and First Steps (plus any challenge completed)
        #expect(rewards.achievementsUnlocked.map(\.id) == [.firstSteps])
        let total = try await game.totalXP(user)
        #expect(total == rewards.xpGained)
        let events = try await game.store.scalarInteger("SELECT COUNT(*) FROM xp_events")

        let replay = try await game.service.recorder.record(
            userID: user.id, cardID: cards[0].id, rating: .good, at: StudyHarness.start)
        #expect(replay.rewards?.xpGained == 0)
        #expect(replay.rewards?.isEmpty == true)
        #expect(try await game.totalXP(user) == total)
        #expect(try await game.store.scalarInteger("SELECT COUNT(*) FROM xp_events") == events)
    }

    @Test func aSessionEndEarnsThreeToFiveBoxesThatOpenOnce() async throws {
        let game = try await GameHarness()
        let (finished, cards) = try await game.finishedSession(cards: 5)
        // badger's learning step asks each new card rated good once more: two answers a card, one first try each.
        #expect(finished.session.counts.cards == 2 * cards.count)
        let rewards = try #require(finished.rewards)
        #expect((3...5).contains(rewards.boxesEarned.count))
        #expect(rewards.xpGained >= 5 * 10)
        #expect(try await game.store.scalarInteger("SELECT perfect FROM sessions") == 5)
        let stored = try await game.game.boxes(of: game.base.user, unopenedOnly: true)
        #expect(stored.map(\.boxID) == rewards.boxesEarned.map(\.id))

        let again = try await game.service.finish(finished.session)
        #expect(again.rewards?.boxesEarned.count == rewards.boxesEarned.count)  // the same boxes, none new
        #expect(try await game.store.scalarInteger("SELECT COUNT(*) FROM boxes") == Int64(stored.count))

        let before = try await game.totalXP(game.base.user)
        let opened = try await game.game.openBoxes(of: game.base.user)
        #expect(opened.boxesOpened.count == stored.count)
        let ranges = game.gamifier.engine.rules.boxes.payouts
        for box in opened.boxesOpened {
            let rarity = try #require(Rarity(rawValue: box.rarity))
            #expect(ranges[rarity]?.contains(box.xp ?? -1) == true)
        }
        #expect(try await game.totalXP(game.base.user) == before + opened.xpGained)
        let reopened = try await game.game.openBoxes(of: game.base.user, boxIDs: stored.map(\.boxID))
        #expect(reopened.xpGained == 0 && reopened.boxesOpened.isEmpty)
        #expect(try await game.game.boxes(of: game.base.user, unopenedOnly: true).isEmpty)
    }

    @Test func quizRightAnswersEarnAndFreePracticeEarnsNothing() async throws {
        let game = try await GameHarness()
        let (topic, _) = try await game.base.topic("Rome", cards: 6)
        var rng = SplitMix64(seed: 5)
        let day = StudyDay(timeZone: Gamifier.timeZone(nil))
        var free = try await game.service.start(
            userID: game.base.user.id, topicIDs: [topic.id], limit: 10, mode: .free, day: day, using: &rng)
        while let card = try await game.service.nextCard(of: free) {
            free = try await game.service.answer(free, cardID: card.id, rating: .easy).session
        }
        #expect(try await game.service.finish(free).rewards == nil)
        #expect(try await game.store.scalarInteger("SELECT COUNT(*) FROM xp_events") == 0)

        var quiz = try await game.service.start(
            userID: game.base.user.id, topicIDs: [topic.id], limit: 10, mode: .quiz, day: day, using: &rng)
        var right = 0
        while let card = try await game.service.nextCard(of: quiz) {
            let typed = right < 4 ? card.answer : "no idea"
            quiz = try await game.service.answerQuiz(quiz, cardID: card.id, typed: typed).session
            right += 1
        }
        #expect(try await game.store.scalarInteger("SELECT COUNT(*) FROM xp_events WHERE kind = 'xp:card'") == 4)
        let rewards = try #require(try await game.service.finish(quiz).rewards)
        #expect(rewards.boxesEarned.count == 3)  // 6 answers, 4 right: counts, below the accuracy bonus
        #expect(rewards.xpGained >= 4 * 10)
    }
}
