public import Foundation

/// The configuration of ``FSRSScheduler``; the defaults are py-fsrs 6.3.2's, with fuzz off.
///
/// ```swift
/// var parameters = FSRSParameters()
/// parameters.desiredRetention = 0.85
/// let scheduler = try FSRSScheduler(parameters: parameters)
/// ```
public struct FSRSParameters: Sendable, Codable, Hashable {
    /// FSRS-6's 21 default weights w0…w20 (py-fsrs `DEFAULT_PARAMETERS`).
    public static let defaultWeights: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]

    /// The model weights w0…w20.
    public var weights: [Double]
    /// The probability of recall the review intervals aim for.
    public var desiredRetention: Double
    /// Delays of the learning steps, in seconds.
    public var learningSteps: [TimeInterval]
    /// Delays of the relearning steps, in seconds.
    public var relearningSteps: [TimeInterval]
    /// The longest review interval, in days.
    public var maximumInterval: Int
    /// Whether review intervals get py-fsrs's random fuzz (from the generator passed to each review).
    public var enableFuzzing: Bool

    public init(
        weights: [Double] = FSRSParameters.defaultWeights,
        desiredRetention: Double = 0.9,
        learningSteps: [TimeInterval] = [60, 600],
        relearningSteps: [TimeInterval] = [600],
        maximumInterval: Int = 36_500,
        enableFuzzing: Bool = false
    ) {
        self.weights = weights
        self.desiredRetention = desiredRetention
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.maximumInterval = maximumInterval
        self.enableFuzzing = enableFuzzing
    }

    /// Checks the values the formulas rely on.
    ///
    /// - Throws: ``SchedulerError/invalidParameter(algorithm:name:problem:)`` naming the first bad value.
    public func validate() throws(SchedulerError) {
        func fail(_ name: String, _ problem: String) -> SchedulerError {
            .invalidParameter(algorithm: .fsrs, name: name, problem: problem)
        }
        guard weights.count == 21 else { throw fail("weights", "expected 21 values, got \(weights.count)") }
        if let index = weights.firstIndex(where: { !$0.isFinite }) { throw fail("w\(index)", "is not a finite number") }
        if let index = weights.prefix(4).firstIndex(where: { $0 <= 0 }) { throw fail("w\(index)", "must be positive") }
        guard weights[20] > 0 else { throw fail("w20", "the decay must be positive") }
        guard desiredRetention > 0, desiredRetention < 1 else {
            throw fail("desiredRetention", "must be between 0 and 1 (exclusive), got \(desiredRetention)")
        }
        guard (learningSteps + relearningSteps).allSatisfy({ $0 > 0 && $0.isFinite }) else {
            throw fail("steps", "every learning and relearning step must be a positive number of seconds")
        }
        guard maximumInterval >= 1 else { throw fail("maximumInterval", "must be at least 1 day") }
    }
}
