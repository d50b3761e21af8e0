import FCCore
import FCPipeline
import FCScheduler
import FCStore
import Foundation

/// A store with one learner and a topic of cards, and a stand-in for the scheduler (the store knows none).
struct StudyWorld {
    let store: Store
    let user: User
    let topic: Topic
    let cards: [Card]

    static func make(path: String, cards count: Int = 5, topic name: String = "Rome") async throws -> StudyWorld {
        let store = try await Store.open(path: path, now: Fixtures.now)
        let user = try await Learners.ensure(on: store, named: User.defaultName)
        let topic = try await Topics.ensure(on: store, named: name)
        let stored = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(count, prefix: name)))
        return StudyWorld(store: store, user: user, topic: topic, cards: stored.cards)
    }

    /// Records a review whose new state is due `dueIn` seconds after `at`, at knowledge `level`.
    @discardableResult
    func review(
        _ card: Card, rating: Int = 2, at: Date = Fixtures.date, dueIn: TimeInterval = 86_400, level: Int = 1,
        stability: Double = 1, session: Int64? = nil
    ) async throws -> RecordedReview {
        try await store.recordReview(userID: user.id, cardID: card.id, sessionID: session) { context in
            StudyWorld.decision(context, rating: rating, at: at, dueIn: dueIn, level: level, stability: stability)
        }
    }

    static func decision(
        _ context: ReviewContext, rating: Int, at: Date, dueIn: TimeInterval, level: Int, stability: Double
    ) -> ReviewDecision {
        let reps = (context.state?.reps ?? 0) + 1
        let state = StoredCardState(
            userID: context.userID, cardID: context.cardID, algorithm: context.topicAlgorithm, phase: .review,
            step: nil,
            stability: stability, difficulty: 0.4, box: nil, due: at.addingTimeInterval(dueIn), lastReview: at,
            reps: reps, lapses: 0, level: level)
        return ReviewDecision(
            rating: rating, reviewedAt: at, durationMilliseconds: 1200, elapsedDays: nil, scheduledDays: dueIn / 86_400,
            state: state)
    }
}
