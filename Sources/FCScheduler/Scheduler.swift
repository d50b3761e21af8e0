public import FCCore
public import Foundation

/// Schedules with whichever algorithm a topic uses: one type for callers, one `switch` inside.
///
/// A `switch` over concrete schedulers rather than an `any CardScheduler`, so the hot path (replaying millions of
/// reviews) stays statically dispatched.
///
/// ```swift
/// var rng = SplitMix64(seed: 42)
/// let scheduler = Scheduler(algorithm: topic.algorithm)
/// let outcome = scheduler.review(state, rating: .good, at: now(), using: &rng)
/// ```
public struct Scheduler: CardScheduler {
    private enum Rules: Sendable {
        case badger(BadgerScheduler)
        case fsrs(FSRSScheduler)
        case leitner(LeitnerScheduler)
    }

    /// The algorithm this scheduler runs.
    public let algorithm: SchedulingAlgorithm
    private let rules: Rules

    /// A scheduler for `algorithm` with its default configuration.
    public init(algorithm: SchedulingAlgorithm = .default) {
        self.algorithm = algorithm
        switch algorithm {
        case .badger: rules = .badger(BadgerScheduler())
        case .fsrs: rules = .fsrs(FSRSScheduler())
        case .leitner: rules = .leitner(LeitnerScheduler())
        }
    }

    /// A scheduler for `algorithm` with the matching part of `configuration`.
    ///
    /// - Throws: ``SchedulerError/invalidParameter(algorithm:name:problem:)`` when that part is out of range.
    public init(algorithm: SchedulingAlgorithm, configuration: SchedulerConfiguration) throws(SchedulerError) {
        self.algorithm = algorithm
        switch algorithm {
        case .badger: rules = .badger(try BadgerScheduler(parameters: configuration.badger))
        case .fsrs: rules = .fsrs(try FSRSScheduler(parameters: configuration.fsrs))
        case .leitner: rules = .leitner(try LeitnerScheduler(parameters: configuration.leitner))
        }
    }

    public func review(
        _ card: CardState,
        rating: Rating,
        at time: Date,
        using generator: inout some RandomNumberGenerator
    ) -> ReviewOutcome {
        switch rules {
        case .badger(let scheduler): scheduler.review(card, rating: rating, at: time, using: &generator)
        case .fsrs(let scheduler): scheduler.review(card, rating: rating, at: time, using: &generator)
        case .leitner(let scheduler): scheduler.review(card, rating: rating, at: time, using: &generator)
        }
    }

    public func adapted(toRecentRecallRate rate: Double?) -> Scheduler {
        guard rate != nil, case .badger(let scheduler) = rules else { return self }
        return Scheduler(algorithm: algorithm, rules: .badger(scheduler.adapted(toRecentRecallRate: rate)))
    }

    private init(algorithm: SchedulingAlgorithm, rules: Rules) {
        self.algorithm = algorithm
        self.rules = rules
    }
}
