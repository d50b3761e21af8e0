import FCPipeline
import FCScheduler
import Foundation

/// A recorded review (`review`, `session answer`): the rating as a word, the card's new state.
struct ReviewJSON: Encodable {
    /// A learner's state of a card; the phase as a word.
    struct State: Encodable {
        var phase: String
        var step: Int?
        var stability: Double?
        var difficulty: Double?
        var box: Int?
        var due: Date
        var lastReview: Date?
        var reps: Int
        var lapses: Int

        init(_ state: CardState) {
            phase = Self.word(state.phase)
            step = state.step
            stability = state.stability
            difficulty = state.difficulty
            box = state.box
            due = state.due
            lastReview = state.lastReview
            reps = state.reps
            lapses = state.lapses
        }

        static func word(_ phase: CardPhase) -> String {
            switch phase {
            case .new: "new"
            case .learning: "learning"
            case .review: "review"
            case .relearning: "relearning"
            }
        }
    }

    var cardId: Int64
    var rating: String
    var reviewedAt: Date
    var algorithm: String
    var state: State
    var rewards: RewardsJSON?

    init(_ result: ReviewResult) {
        cardId = result.cardID
        rating = result.rating.word
        reviewedAt = result.reviewedAt
        algorithm = result.algorithm.rawValue
        state = State(result.state)
        rewards = result.rewards.map(RewardsJSON.init)
    }
}
