public import FCCore
public import Foundation

/// The product's own scheduler, and the default: the spec's rules, calibrated so that Good answers climb the
/// classic ladder.
///
/// **State.** Stability S (days the memory holds), difficulty D (0–1), last review, due date, lapses, repetitions.
///
/// **New cards and learning steps.** The first answer sets S = 1.0 and D = 0.4 (configurable in the spec's
/// "medium" 0.3–0.5), then D drifts with that answer like every other. Unless that answer is Easy, the card then
/// takes the short learning steps (default: one step of 10 minutes) with FSRS's step rules (Fail back to step 0,
/// Difficult waits 1.5× the step, Good moves on, Easy skips the rest), and graduates to long-term review due in
/// S = 1 day. So a new card answered Good comes back in 10 minutes, then in 1 day: "10 minutes → 1 day".
///
/// **Success in review** (Difficult, Good, Easy), with M = 1.2, 1.8, 2.5 the spec's multipliers:
///
///     S' = S · (1 + (M − 1) · A · ease(D) · κ · S^(−p) · timing)
///     ease(D) = max(1 − D, 0.2) / (1 − 0.4),  κ = 2.75,  p = 0.1
///     timing  = min(1, elapsed days / (0.9 · S))
///     due     = now + S' days (fuzzed, at most 36,500 days)
///
/// **Failure in review.** S' = max(1.0, S × 0.5), D + 0.1 (at most 1.0), lapses + 1; the card takes the
/// relearning step (10 minutes) and then comes back in 1 day. Its halved S is kept, so a card that was known for
/// months recovers quickly once it is recalled again.
///
/// **Difficulty drift.** Every answer moves D: Fail +0.1, Difficult +0.05, Good 0, Easy −0.05, kept in 0…1.
/// Growth uses D from before the answer.
///
/// **Recall targeting.** A = 1 while the learner's recent recall rate is inside the 85–90 % target; above it
/// A = 1 + 1.5 × (rate − 0.90), below it A = 1 − 1.5 × (0.85 − rate), bounded to 0.85…1.15. Recalling more than
/// the target means the intervals are too cautious, so they stretch. The rate is an input: fixed in
/// ``BadgerParameters/recentRecallRate``, or per review through ``adapted(toRecentRecallRate:)`` with the rate
/// ``RecentRecall`` computes from the review log before that review (what the store path does, so a rebuild from
/// the log reproduces it).
///
/// **Fuzz.** Every interval of a day or more is multiplied by a factor drawn uniformly from 1 ± a, a = 10 % up to
/// 30 days narrowing to 5 % at a year (``BadgerFuzz``), from the injected generator. Learning steps are not fuzzed.
///
/// **Why this form (the spec's known contradiction).** Read literally, `S × M × (1 − D)` *shrinks* intervals on
/// Good at the default difficulty (1.8 × 0.6 = 1.08, barely growing, and any D above 0.45 shrinks them), while the
/// same spec asks for the ladder 1 day, 3–4 days, 7–10 days, 3–4 weeks, 2–3 months, ~6 months, ~yearly. The rule
/// above keeps the spec's variables and reads its product as the *gain*, not the whole factor:
/// - `M − 1` is what a rating adds (a multiplier of 1 would mean "no change"), so every success lengthens the
///   interval, never shortens it, and Difficult is a small step next to Good (×1.55 vs ×3.2 at first) while Easy is
///   a big one (×5.1).
/// - `(1 − D)` still scales that gain, normalised so the default difficulty counts as 1 and floored so that a card
///   at D = 1 still grows (otherwise it would repeat at the same interval forever: Good never lowers D).
/// - A constant factor cannot fit the ladder (it needs ×3–4 at the start and ×2 at half a year), so the gain
///   shrinks slowly with S (`S^(−0.1)`), as memory research and FSRS's `S^(−w9)` term do. κ = 2.75 and p = 0.1 were
///   fitted to keep every rung inside the spec's range with room to spare. Before fuzz, Good at D = 0.4 gives
///   1, 3.2, 9.5, 26.1, 67.5, 165, 383 days: 1 day, 3–4 days, 7–10 days, 3–4 weeks, 2–3 months, ~6 months, ~a year.
/// - `timing` makes an early review earn only part of the gain, so repeating a card the same day (or reviewing
///   it soon after a relapse) cannot inflate S; anything from 90 % of S on counts as on time, which covers fuzz.
///
/// ```swift
/// var rng = SplitMix64(seed: 42)
/// let scheduler = Scheduler(algorithm: .badger)
/// var card = CardState(newAt: now)
/// card = scheduler.review(card, rating: .good, at: now, using: &rng).card  // due in 10 minutes
/// ```
public struct BadgerScheduler: CardScheduler {
    /// The configuration this scheduler runs with.
    public let parameters: BadgerParameters
    /// The recall-rate factor A, fixed for the scheduler's lifetime (the rate is an input).
    let adaptation: Double

    /// A scheduler with the default configuration (fuzz on, no recall-rate adaptation).
    public init() {
        self.init(checked: BadgerParameters())
    }

    /// A scheduler with the given configuration.
    ///
    /// - Throws: ``SchedulerError/invalidParameter(algorithm:name:problem:)`` when a value is out of range.
    public init(parameters: BadgerParameters) throws(SchedulerError) {
        try parameters.validate()
        self.init(checked: parameters)
    }

    private init(checked parameters: BadgerParameters) {
        self.parameters = parameters
        adaptation = Self.adaptation(recallRate: parameters.recentRecallRate, target: parameters.targetRecall)
    }

    /// This scheduler with ``BadgerParameters/recentRecallRate`` set to `rate` (clamped to 0…1); `self` for `nil`.
    public func adapted(toRecentRecallRate rate: Double?) -> BadgerScheduler {
        guard let rate, rate.isFinite else { return self }
        var parameters = parameters
        parameters.recentRecallRate = min(max(rate, 0), 1)
        return BadgerScheduler(checked: parameters)
    }

    public func review(
        _ card: CardState,
        rating: Rating,
        at time: Date,
        using generator: inout some RandomNumberGenerator
    ) -> ReviewOutcome {
        let stability = card.stability ?? Self.initialStability
        let difficulty = card.difficulty ?? parameters.initialDifficulty
        var next = card
        next.stability = stability
        next.difficulty = min(max(difficulty + Self.drift(for: rating), 0), 1)

        let delay: TimeInterval
        switch card.phase {
        case .new:
            // The first showing puts the card on the first learning step, unless it was easy.
            if rating != .easy, let firstStep = parameters.learningSteps.first {
                next.phase = .learning
                next.step = 0
                delay = firstStep
            } else {
                next.phase = .review
                delay = longTermDelay(days: stability, using: &generator)
            }
        case .learning:
            delay = climb(
                &next, steps: parameters.learningSteps, rating: rating, graduationDays: stability, using: &generator)
        case .relearning:
            delay = climb(
                &next, steps: parameters.relearningSteps, rating: rating, graduationDays: Self.failureIntervalDays,
                using: &generator)
        case .review where rating == .fail:
            next.stability = max(Self.initialStability, stability * Self.failureFactor)
            next.lapses += 1
            if let firstStep = parameters.relearningSteps.first {
                next.phase = .relearning
                next.step = 0
                delay = firstStep
            } else {
                delay = longTermDelay(days: Self.failureIntervalDays, using: &generator)
            }
        case .review:
            let elapsed = card.lastReview.map { time.timeIntervalSince($0) / TimeMath.secondsPerDay } ?? stability
            let grown = grownStability(stability, difficulty: difficulty, rating: rating, elapsedDays: elapsed)
            next.stability = grown
            delay = longTermDelay(days: grown, using: &generator)
        }
        next.reps += 1
        next.lastReview = time
        next.due = time.addingTimeInterval(delay)
        let elapsedDays = card.lastReview.map { TimeMath.elapsedDays(from: $0, to: time) }
        return ReviewOutcome(card: next, interval: delay, elapsedDays: elapsedDays)
    }

    /// Moves a card along its (re)learning steps; on graduation it enters review due in `graduationDays`.
    private func climb(
        _ next: inout CardState,
        steps: [TimeInterval],
        rating: Rating,
        graduationDays: Double,
        using generator: inout some RandomNumberGenerator
    ) -> TimeInterval {
        switch StepLadder(steps: steps).decide(step: next.step ?? 0, rating: rating) {
        case .stay(let step, let delay):
            next.step = step
            return delay
        case .graduate:
            next.phase = .review
            next.step = nil
            return longTermDelay(days: graduationDays, using: &generator)
        }
    }

    /// `days` as a delay in whole seconds, fuzzed when fuzz is on and capped at the maximum interval.
    private func longTermDelay(days: Double, using generator: inout some RandomNumberGenerator) -> TimeInterval {
        let capped = min(days, Double(parameters.maximumInterval))
        let fuzzed = parameters.enableFuzzing ? BadgerFuzz.fuzzed(days: capped, using: &generator) : capped
        return TimeMath.seconds(days: min(fuzzed, Double(parameters.maximumInterval)))
    }
}
