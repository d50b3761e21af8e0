package import struct Foundation.Date

/// One learner's scheduling state of one card, as the `card_states` table holds it.
///
/// The store does not interpret it (it knows no scheduler): `phase` is the scheduler's phase number (0 new,
/// 1 learning, 2 review, 3 relearning), `algorithm` the name of the algorithm that computed it, and `level` the
/// knowledge level the study queue orders by (0 weakest), computed by the pipeline.
package struct StoredCardState: Sendable, Codable, Hashable {
    package var userID: Int64
    package var cardID: Int64
    package var algorithm: String
    package var phase: Int
    package var step: Int?
    package var stability: Double?
    package var difficulty: Double?
    package var box: Int?
    package var due: Date
    package var lastReview: Date?
    package var reps: Int
    package var lapses: Int
    package var level: Int

    package init(
        userID: Int64, cardID: Int64, algorithm: String, phase: Int, step: Int?, stability: Double?,
        difficulty: Double?, box: Int?, due: Date, lastReview: Date?, reps: Int, lapses: Int, level: Int
    ) {
        self.userID = userID
        self.cardID = cardID
        self.algorithm = algorithm
        self.phase = phase
        self.step = step
        self.stability = stability
        self.difficulty = difficulty
        self.box = box
        self.due = due
        self.lastReview = lastReview
        self.reps = reps
        self.lapses = lapses
        self.level = level
    }
}
