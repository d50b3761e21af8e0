package import FCScheduler

package import struct Foundation.Date

/// One learner's scheduling state of one card, as the `card_states` table holds it: the scheduler's
/// ``CardState``, which learner and card it belongs to, the algorithm that computed it, and the knowledge level the
/// study queue orders by (0 weakest, ``KnowledgeLevel``).
///
/// The fields are flat, as the table's columns are, and typed as the scheduler types them; its JSON (kept in
/// `session_answers` for undo) is the same as when `algorithm` and `phase` were a string and an integer.
package struct StoredCardState: Sendable, Codable, Hashable {
    package var userID: Int64
    package var cardID: Int64
    package var algorithm: SchedulingAlgorithm
    package var phase: CardPhase
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
        userID: Int64, cardID: Int64, algorithm: SchedulingAlgorithm, phase: CardPhase, step: Int?,
        stability: Double?, difficulty: Double?, box: Int?, due: Date, lastReview: Date?, reps: Int, lapses: Int,
        level: Int
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

    /// The row for `schedule`, computed by `algorithm`, with its knowledge level.
    package init(userID: Int64, cardID: Int64, algorithm: SchedulingAlgorithm, schedule: CardState) {
        self.init(
            userID: userID, cardID: cardID, algorithm: algorithm, phase: schedule.phase, step: schedule.step,
            stability: schedule.stability, difficulty: schedule.difficulty, box: schedule.box, due: schedule.due,
            lastReview: schedule.lastReview, reps: schedule.reps, lapses: schedule.lapses,
            level: KnowledgeLevel.of(schedule))
    }

    /// The scheduler's view of the row.
    package var schedule: CardState {
        CardState(
            phase: phase, step: step, stability: stability, difficulty: difficulty, box: box, due: due,
            lastReview: lastReview, reps: reps, lapses: lapses)
    }

    /// Whether the learner knows the card (``KnownRule``).
    package var isKnown: Bool { KnownRule.isKnown(schedule, algorithm: algorithm) }
}
