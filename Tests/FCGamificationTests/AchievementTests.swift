import FCCore
import FCGamification
import Foundation
import Testing

/// Each achievement unlocked by a scenario, and not one event earlier.
struct AchievementTests {
    let noon = instant("2026-03-08T12:00:00Z")

    func unlocked(_ learner: Learner) -> Set<AchievementID> { Set(learner.state.achievements.keys) }

    @Test func firstStepsOnTheFirstReview() {
        var learner = Learner()
        learner.apply(.topicExplored(topicID: 1), at: noon)
        #expect(unlocked(learner).isEmpty)
        let awards = learner.review(1, at: noon)
        #expect(unlocked(learner) == [.firstSteps])
        #expect(awards.contains { $0.key == "achievement:first_steps" && $0.xp == 10 })
        #expect(learner.state.achievements[.firstSteps] == noon)
        #expect(learner.review(2, at: noon).allSatisfy { $0.kind != "achievement" })
    }

    @Test func scholarAtOneHundredCardDays() {
        var learner = Learner()
        for card in 1...99 { learner.review(Int64(card), at: noon) }
        for _ in 0..<5 { learner.review(1, at: noon) }  // repeats the same day do not count
        #expect(!unlocked(learner).contains(.scholar))
        learner.review(100, at: noon)
        #expect(unlocked(learner).contains(.scholar))
    }

    @Test func speedDemonNeedsTwentyCardsAtFiveSecondsEach() {
        var learner = Learner()
        learner.apply(session(1, cards: 19, seconds: 19 * 4), at: noon)
        learner.apply(session(2, cards: 20, seconds: 100.5), at: noon)
        #expect(!unlocked(learner).contains(.speedDemon))
        learner.apply(session(3, cards: 20, seconds: 100), at: noon)
        #expect(unlocked(learner).contains(.speedDemon))
    }

    @Test func nightOwlNeedsFiveReviewsBetweenElevenAndFour() {
        var learner = Learner(zone: Zones.newYork)
        // 22:59 and 04:00 local are outside the window (EDT: UTC-4 from 2026-03-08).
        learner.review(90, at: instant("2026-03-11T02:59:00Z"))
        learner.review(91, at: instant("2026-03-11T08:00:00Z"))
        for card in 1...4 { learner.review(Int64(card), at: instant("2026-03-12T03:3\(card):00Z")) }  // 23:3x
        #expect(learner.state.lifetime.lateNightReviews == 4)
        #expect(!unlocked(learner).contains(.nightOwl))
        learner.review(5, at: instant("2026-03-12T07:59:00Z"))  // 03:59 local
        #expect(unlocked(learner).contains(.nightOwl))
    }

    @Test func explorerAtTenTopicsStudied() {
        var learner = Learner()
        for topic in 1...8 { learner.review(Int64(topic), topic: Int64(topic), at: noon) }
        learner.quiz(9, topic: 9, at: noon)
        learner.apply(.topicExplored(topicID: 9), at: noon)
        learner.apply(.generationFinished(topicID: 10, cardsAdded: 12), at: noon)
        #expect(learner.state.lifetime.exploredTopicIDs.count == 10)
        #expect(!unlocked(learner).contains(.explorer))
        learner.review(10, topic: 10, at: noon)
        #expect(unlocked(learner).contains(.explorer))
    }

    @Test func perfectionistNeedsTenCardsAllRightFirstTime() {
        var learner = Learner()
        learner.apply(session(1, cards: 9, perfect: 9), at: noon)
        learner.apply(session(2, cards: 10, perfect: 9), at: noon)
        #expect(!unlocked(learner).contains(.perfectionist))
        learner.apply(session(3, cards: 10, perfect: 10), at: noon)
        #expect(unlocked(learner).contains(.perfectionist))
    }

    @Test func perfectionistCountsCardsNotTheAnswersToCardsThatCameBack() {
        func stepped(_ id: Int64, cards: Int, answers: Int, perfect: Int) -> GamificationEvent {
            .sessionFinished(
                SessionSummary(
                    sessionID: id, queueSize: answers, cardsReviewed: answers, correct: answers, perfect: perfect,
                    duration: 600, topicIDs: [1], cards: cards))
        }
        var learner = Learner()
        // 9 cards answered 18 times (each came back once on its learning step): fewer than 10 cards.
        learner.apply(stepped(1, cards: 9, answers: 18, perfect: 9), at: noon)
        // 10 cards, one not right on the first try.
        learner.apply(stepped(2, cards: 10, answers: 20, perfect: 9), at: noon)
        #expect(!unlocked(learner).contains(.perfectionist))
        // 10 cards right on the first try, each answered again on its learning step: 20 answers, 10 first tries.
        learner.apply(stepped(3, cards: 10, answers: 20, perfect: 10), at: noon)
        #expect(unlocked(learner).contains(.perfectionist))
    }

    @Test func dedicatedAtSevenDaysAndUnstoppableAtThirty() {
        var learner = Learner(zone: Zones.kolkata)
        func studyDay(_ offset: Int) {
            learner.review(1, at: instant("2026-01-01T06:00:00Z").addingTimeInterval(Double(offset) * 86_400))
        }
        for offset in 0..<6 { studyDay(offset) }
        studyDay(7)  // the 7th active day comes after a gap: streak 1
        #expect(!unlocked(learner).contains(.dedicated))
        for offset in 8..<14 { studyDay(offset) }  // days 7…13: a streak of 7
        #expect(unlocked(learner).contains(.dedicated))
        for offset in 14..<36 { studyDay(offset) }  // streak 29
        #expect(learner.state.streak.current == 29 && !unlocked(learner).contains(.unstoppable))
        studyDay(36)
        #expect(unlocked(learner).contains(.unstoppable))
        #expect(learner.awards.filter { $0.kind == "achievement" }.count == unlocked(learner).count)
    }

    @Test func definitionsCarryEverythingTheCatalogueShows() {
        let catalogue = AchievementDefinition.defaults
        #expect(
            catalogue.map(\.id.rawValue) == [
                "first_steps", "scholar", "speed_demon", "night_owl", "explorer", "perfectionist", "dedicated",
                "unstoppable",
            ])
        #expect(catalogue.allSatisfy { !$0.title.isEmpty && !$0.description.isEmpty && !$0.emoji.isEmpty && $0.xp > 0 })
        #expect(Set(catalogue.map(\.category)) == Set(AchievementCategory.allCases))
        #expect(Set(catalogue.map(\.rarity)) == Set(Rarity.allCases))
        let statuses = Gamification().achievements(of: GamificationState(learnerID: 1))
        #expect(statuses.count == 8 && statuses.allSatisfy { $0.unlockedAt == nil })
    }
}
