public import FCCore
public import Foundation

/// FSRS-6, computing what py-fsrs 6.3.2 computes (`fsrs.Scheduler.review_card`).
///
/// Agreement is checked against 200 review sequences made with py-fsrs (`Tests/FCSchedulerTests/Vectors/`):
/// stability, difficulty and retrievability within 1e-9 relative, phase, step and due exactly. The parts that are
/// easy to get wrong, each covered by the vectors:
///
/// - Elapsed time is counted in whole 24-hour periods (`timedelta.days`): 86,399 s is "same day".
/// - A review less than one such day after the previous one uses the short-term formula in every phase.
/// - Intervals round half to even, as Python's `round` does.
/// - Stability has a floor (0.001) but no ceiling; only intervals are capped.
///
/// A new card (``CardPhase/new``) behaves like py-fsrs's new card: Learning, step 0, no stability or difficulty.
///
/// ```swift
/// var rng = SplitMix64(seed: 0)
/// let outcome = FSRSScheduler().review(CardState(newAt: created), rating: .easy, at: now, using: &rng)
/// outcome.card.stability  // 8.2956 (w3)
/// ```
public struct FSRSScheduler: CardScheduler {
    /// The configuration this scheduler runs with.
    public let parameters: FSRSParameters

    let weights: [Double]
    /// DECAY = −w20.
    let decay: Double
    /// FACTOR = 0.9^(1/DECAY) − 1.
    let factor: Double
    /// DR^(1/DECAY) − 1, the retention part of the interval formula.
    let retentionTerm: Double
    /// e^w8, a factor of every recall update.
    let expW8: Double
    /// D0(Easy) without clamping: the target of difficulty's mean reversion.
    let easyInitialDifficulty: Double

    /// A scheduler with py-fsrs's defaults (fuzz off).
    public init() {
        self.init(checked: FSRSParameters())
    }

    /// A scheduler with the given configuration.
    ///
    /// - Throws: ``SchedulerError/invalidParameter(algorithm:name:problem:)`` when a value is out of range.
    public init(parameters: FSRSParameters) throws(SchedulerError) {
        try parameters.validate()
        self.init(checked: parameters)
    }

    private init(checked parameters: FSRSParameters) {
        self.parameters = parameters
        weights = parameters.weights
        decay = -parameters.weights[20]
        factor = pow(0.9, 1 / decay) - 1
        retentionTerm = pow(parameters.desiredRetention, 1 / decay) - 1
        expW8 = pow(M_E, parameters.weights[8])
        easyInitialDifficulty = parameters.weights[4] - pow(M_E, parameters.weights[5] * (4 - 1)) + 1
    }

    public func review(
        _ card: CardState,
        rating: Rating,
        at time: Date,
        using generator: inout some RandomNumberGenerator
    ) -> ReviewOutcome {
        let grade = Double(rating.fsrsGrade)
        let elapsedDays = card.lastReview.map { TimeMath.elapsedDays(from: $0, to: time) }
        var retrievability = 0.0
        if let elapsedDays, let stability = card.stability {
            retrievability = self.retrievability(elapsedDays: elapsedDays, stability: stability)
        }

        var next = card
        if let stability = card.stability, let difficulty = card.difficulty {
            if let elapsedDays, elapsedDays < 1 {
                next.stability = shortTermStability(stability, grade: grade)
            } else {
                next.stability = nextStability(
                    difficulty: difficulty, stability: stability, retrievability: retrievability, grade: grade)
            }
            next.difficulty = nextDifficulty(difficulty, grade: grade)
        } else {
            next.stability = initialStability(grade)
            next.difficulty = initialDifficulty(grade)
        }

        var interval = schedule(&next, from: card, rating: rating)
        if parameters.enableFuzzing && next.phase == .review {
            let days = Int((interval / TimeMath.secondsPerDay).rounded(.down))
            let fuzzed = FSRSFuzz.fuzzedDays(days, maximumInterval: parameters.maximumInterval, using: &generator)
            interval = Double(fuzzed) * TimeMath.secondsPerDay
        }
        if rating == .fail && card.phase == .review { next.lapses += 1 }
        next.reps += 1
        next.lastReview = time
        next.due = time.addingTimeInterval(interval)
        return ReviewOutcome(
            card: next, interval: interval, retrievability: retrievability, elapsedDays: elapsedDays)
    }

    /// Sets the new phase and step and returns the delay until the card is due, in seconds.
    private func schedule(_ next: inout CardState, from card: CardState, rating: Rating) -> TimeInterval {
        let steps: [TimeInterval]
        switch card.phase {
        case .new, .learning: steps = parameters.learningSteps
        case .relearning: steps = parameters.relearningSteps
        case .review:
            guard rating == .fail, let firstStep = parameters.relearningSteps.first else {
                return reviewInterval(&next)
            }
            next.phase = .relearning
            next.step = 0
            return firstStep
        }
        switch StepLadder(steps: steps).decide(step: card.step ?? 0, rating: rating) {
        case .stay(let step, let delay):
            next.phase = card.phase == .new ? .learning : card.phase
            next.step = step
            return delay
        case .graduate:
            return reviewInterval(&next)
        }
    }

    private func reviewInterval(_ next: inout CardState) -> TimeInterval {
        next.phase = .review
        next.step = nil
        return Double(intervalDays(stability: next.stability ?? Self.minimumStability)) * TimeMath.secondsPerDay
    }
}
