import FCCore
import FCGamification
import FCPipeline
import FCStore
import FCTestSupport
import Foundation

/// A study harness whose service gamifies, with a seeded random source.
struct GameHarness {
    let base: StudyHarness
    let gamifier: Gamifier
    let service: StudyService
    let game: GamificationService

    init(start: Date = StudyHarness.start, seed: UInt64 = 7) async throws {
        base = try await StudyHarness(start: start)
        gamifier = Gamifier(random: RandomSource(seed: seed))
        service = StudyService(store: base.store, now: base.time.now, gamifier: gamifier)
        game = GamificationService(store: base.store, gamifier: gamifier, now: base.time.now)
    }

    var store: Store { base.store }

    /// The learner named `name` (created), with `zone` stored when given.
    func learner(_ name: String, zone: String? = nil) async throws -> User {
        let user = try await Learners.ensure(on: store, named: name)
        guard let zone else { return user }
        try await Learners.setTimeZone(on: store, zone, userID: user.id)
        return try await Learners.ensure(on: store, named: name)
    }

    /// Total XP from the store.
    func totalXP(_ user: User) async throws -> Int {
        try await GamificationRecords.state(on: store, userID: user.id)?.totalXP ?? 0
    }

    /// Studies a new topic of `count` cards in one spaced session of the harness's learner, rating every answer
    /// good, and finishes it: what the session's end returned (its boxes among the rewards), and the cards.
    func finishedSession(
        cards count: Int, seed: UInt64 = 3
    ) async throws -> (finished: (session: StudySessionRecord, rewards: Rewards?), cards: [Card]) {
        let (topic, cards) = try await base.topic("Rome", cards: count)
        var rng = SplitMix64(seed: seed)
        var session = try await service.start(
            userID: base.user.id, topicIDs: [topic.id], limit: 10, mode: .spaced,
            day: StudyDay(timeZone: Gamifier.timeZone(nil)), using: &rng)
        while let card = try await service.nextCard(of: session) {
            session = try await service.answer(session, cardID: card.id, rating: .good).session
        }
        return (try await service.finish(session), cards)
    }
}
