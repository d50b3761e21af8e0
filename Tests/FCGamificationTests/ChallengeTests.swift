import FCCore
import FCGamification
import Foundation
import Testing

/// Daily challenges: seeded per learner and day, expiring at local midnight, progress by distinct counts, paid once.
struct ChallengeTests {
    let rules = GamificationRules.default

    @Test func theSeedIsFNV1aOfLearnerAndDay() {
        // FNV-1a 64 reference values: "" → offset basis, "a" → 0xaf63dc4c8601ec8c.
        #expect(ChallengeSeed.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(ChallengeSeed.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(
            ChallengeSeed.make(learnerID: 42, day: day("2026-03-08"))
                == ChallengeSeed.fnv1a64("fcgen-challenges:42:2026-03-08"))
    }

    @Test func generationIsDeterministicPerLearnerAndDay() {
        let once = rules.dailyChallenges(learnerID: 42, day: day("2026-03-08"), timeZone: Zones.utc)
        let again = rules.dailyChallenges(learnerID: 42, day: day("2026-03-08"), timeZone: Zones.utc)
        #expect(once == again)
        #expect(once.map(\.kind) == [.cardMaster, .perfectScore, .topicExplorer])
        for (challenge, template) in zip(once, rules.challenges) {
            #expect(template.options.contains(.init(target: challenge.target, xp: challenge.xp)))
            #expect(challenge.progress == 0 && !challenge.isCompleted)
        }
    }

    @Test func generationDiffersAcrossLearnersAndDays() {
        func targets(_ learner: Int64, _ text: String) -> [Int] {
            rules.dailyChallenges(learnerID: learner, day: day(text), timeZone: Zones.utc).map(\.target)
        }
        let learners = Set((1...40).map { targets(Int64($0), "2026-03-08") })
        let days = Set((0..<40).map { targets(7, day("2026-03-01").advanced(by: $0).description) })
        // 27 combinations exist; 40 draws landing on one or two would mean the seed ignores its input.
        #expect(learners.count >= 8)
        #expect(days.count >= 8)
    }

    @Test(arguments: [
        ("UTC", "2026-03-09T00:00:00Z"),
        ("America/New_York", "2026-03-09T04:00:00Z"),  // the spring-forward day: 23 hours long
        ("Asia/Kolkata", "2026-03-08T18:30:00Z"),
        ("Pacific/Auckland", "2026-03-08T11:00:00Z"),
    ])
    func challengesExpireAtTheNextLocalMidnight(zone: String, expiry: String) {
        let challenges = rules.dailyChallenges(learnerID: 1, day: day("2026-03-08"), timeZone: Zones.zone(zone))
        #expect(challenges.allSatisfy { $0.expiresAt == instant(expiry) })
        #expect(challenges.allSatisfy { !$0.isExpired(at: instant(expiry).addingTimeInterval(-1)) })
        #expect(challenges.allSatisfy { $0.isExpired(at: instant(expiry)) })
    }

    @Test func expiryAcrossTheAutumnDSTChange() {
        let zone = Zones.newYork
        let day = day("2026-11-01")
        let challenge = rules.dailyChallenges(learnerID: 1, day: day, timeZone: zone)[0]
        #expect(challenge.expiresAt == instant("2026-11-02T05:00:00Z"))
        #expect(challenge.expiresAt.timeIntervalSince(day.start(in: zone)) == 25 * 3600)
    }

    @Test func progressCountsDistinctThingsAndPaysOnceOnCompletion() throws {
        var rules = GamificationRules.default
        rules.achievements = []
        rules.challenges = [
            ChallengeTemplate(
                kind: .cardMaster, title: "Card Master", descriptionTemplate: "Review {n} cards",
                options: [.init(target: 3, xp: 70)])
        ]
        var learner = Learner(engine: try Gamification(rules: rules))
        let time = instant("2026-03-08T10:00:00Z")
        learner.review(1, at: time)
        learner.review(1, at: time)  // the same card again: no progress
        learner.review(2, at: time)
        #expect(learner.state.today?.challenges.first?.progress == 2)
        let third = learner.review(3, at: time)
        #expect(third.keys.contains("challenge:2026-03-08:card_master"))
        #expect(Learner.xp(third) == 10 + 70)
        #expect(learner.state.today?.challenges.first?.completedAt == time)
        #expect(learner.review(4, at: time).allSatisfy { $0.kind != "challenge" })
        #expect(learner.state.today?.challenges.first?.progress == 3)
        #expect(learner.state.today?.challenges.first?.description == "Review 3 cards")
    }

    @Test func perfectScoreAndTopicExplorerCountTheirOwnThings() throws {
        var rules = GamificationRules.default
        rules.achievements = []
        rules.challenges = [
            ChallengeTemplate(
                kind: .perfectScore, title: "P", descriptionTemplate: "{n}", options: [.init(target: 2, xp: 5)]),
            ChallengeTemplate(
                kind: .topicExplorer, title: "T", descriptionTemplate: "{n}", options: [.init(target: 2, xp: 7)]),
        ]
        var learner = Learner(engine: try Gamification(rules: rules))
        let time = instant("2026-03-08T10:00:00Z")
        learner.review(1, topic: 1, rating: .good, firstTry: false, at: time)
        learner.review(2, topic: 1, rating: .fail, at: time)
        #expect(learner.state.today?.challenges.map(\.progress) == [0, 1])
        learner.apply(.topicExplored(topicID: 2), at: time)  // opening a topic is not studying it
        #expect(learner.state.today?.challenges.map(\.progress) == [0, 1])
        learner.quiz(5, topic: 2, at: time)
        learner.review(3, topic: 1, at: time)
        learner.review(4, topic: 1, at: time)
        #expect(learner.state.today?.challenges.allSatisfy(\.isCompleted) == true)
        #expect(learner.awards.filter { $0.kind == "challenge" }.map(\.xp) == [7, 5])
    }

    @Test func aNewDayBringsNewChallenges() {
        var learner = Learner(id: 9, zone: Zones.auckland)
        learner.review(1, at: instant("2026-03-08T10:00:00Z"))  // 23:00 on the 8th in Auckland
        #expect(learner.state.today?.day == day("2026-03-08"))
        learner.review(2, at: instant("2026-03-08T11:00:00Z"))  // midnight: the 9th
        #expect(learner.state.today?.day == day("2026-03-09"))
        let expected = GamificationRules.default.dailyChallenges(
            learnerID: 9, day: day("2026-03-09"), timeZone: Zones.auckland)
        #expect(learner.state.today?.challenges.map(\.target) == expected.map(\.target))
        #expect(learner.state.today?.challenges.first?.expiresAt == instant("2026-03-09T11:00:00Z"))
    }
}

/// A challenge's description is written for many and speaks of one thing when the target is 1.
struct ChallengeDescriptionTests {
    @Test func aTargetOfOneIsSingular() {
        let explorer = ChallengeTemplate(
            kind: .topicExplorer, title: "T", descriptionTemplate: "Study {n} topics", options: [])
        #expect(explorer.description(target: 1) == "Study 1 topic")
        #expect(explorer.description(target: 3) == "Study 3 topics")
        let perfect = ChallengeTemplate(
            kind: .perfectScore, title: "P", descriptionTemplate: "Get {n} cards right on the first try", options: [])
        #expect(perfect.description(target: 1) == "Get 1 card right on the first try")
        #expect(perfect.description(target: 5) == "Get 5 cards right on the first try")
    }
}
