public import Foundation

/// The configuration of ``BadgerScheduler``: what a deployment or a learner may tune.
///
/// The calibrated constants of the rule itself (multipliers, spacing gain, drift) are fixed on
/// ``BadgerScheduler``; see its documentation for why they have the values they have.
public struct BadgerParameters: Sendable, Codable, Hashable {
    /// Delays of the learning steps a new card goes through before its first one-day interval, in seconds.
    public var learningSteps: [TimeInterval]
    /// Delays of the relearning steps after a failure in review, in seconds.
    public var relearningSteps: [TimeInterval]
    /// The difficulty a card starts with, 0.3–0.5 ("medium"); 0.4 is the reference the ladder is calibrated at.
    public var initialDifficulty: Double
    /// The learner's recent recall rate (share of recent reviews not failed), 0–1; `nil` when unknown or too few
    /// reviews to tell. Outside ``targetRecall`` it stretches or shrinks the intervals slightly (bounded).
    public var recentRecallRate: Double?
    /// The recall rate the intervals aim at.
    public var targetRecall: ClosedRange<Double>
    /// Whether intervals of a day or more get ±5–10 % random fuzz (from the generator passed to each review).
    public var enableFuzzing: Bool
    /// The longest interval, in days.
    public var maximumInterval: Int

    public init(
        learningSteps: [TimeInterval] = [600],
        relearningSteps: [TimeInterval] = [600],
        initialDifficulty: Double = 0.4,
        recentRecallRate: Double? = nil,
        targetRecall: ClosedRange<Double> = 0.85...0.90,
        enableFuzzing: Bool = true,
        maximumInterval: Int = 36_500
    ) {
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.initialDifficulty = initialDifficulty
        self.recentRecallRate = recentRecallRate
        self.targetRecall = targetRecall
        self.enableFuzzing = enableFuzzing
        self.maximumInterval = maximumInterval
    }

    /// Checks the ranges the rule relies on.
    ///
    /// - Throws: ``SchedulerError/invalidParameter(algorithm:name:problem:)`` naming the first bad value.
    public func validate() throws(SchedulerError) {
        func fail(_ name: String, _ problem: String) -> SchedulerError {
            .invalidParameter(algorithm: .badger, name: name, problem: problem)
        }
        guard (learningSteps + relearningSteps).allSatisfy({ $0 > 0 && $0.isFinite }) else {
            throw fail("steps", "every learning and relearning step must be a positive number of seconds")
        }
        guard (0.3...0.5).contains(initialDifficulty) else {
            throw fail("initialDifficulty", "must be in 0.3...0.5 (medium), got \(initialDifficulty)")
        }
        if let rate = recentRecallRate, !(0...1).contains(rate) {
            throw fail("recentRecallRate", "must be in 0...1, got \(rate)")
        }
        guard targetRecall.lowerBound > 0, targetRecall.upperBound < 1 else {
            throw fail("targetRecall", "must lie strictly between 0 and 1")
        }
        guard maximumInterval >= 1 else { throw fail("maximumInterval", "must be at least 1 day") }
    }
}
