/// The spaced-repetition algorithms a topic can use; ``badger`` is the default.
///
/// Switching a topic's algorithm loses nothing: the review log is the source of truth, and
/// ``CardScheduler/rebuild(from:createdAt:using:)`` recomputes each card's state under the new algorithm.
public enum SchedulingAlgorithm: String, Sendable, Codable, CaseIterable, Hashable {
    /// The product's own rules (see ``BadgerScheduler``).
    case badger
    /// FSRS-6 as py-fsrs 6.3.2 computes it (see ``FSRSScheduler``).
    case fsrs
    /// Eight Leitner boxes with exponentially growing intervals (see ``LeitnerScheduler``).
    case leitner

    /// The algorithm new topics use.
    public static let `default` = SchedulingAlgorithm.badger
}
