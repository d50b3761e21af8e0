public import FCCore

/// A learner's recent recall rate, the input of badger's recall targeting, as a rule on the review log.
///
/// The rate before a review is the share of passed (not failed) reviews among the learner's last ``windowSize``
/// reviews in the same topic, in log order (review time, then recording order), not counting the review being
/// scheduled; `nil` while fewer than ``minimumReviews`` reviews exist (too few to tell). It depends on ratings
/// only, never on states or algorithms, so live recording (which reads the window inside the review's
/// transaction) and a replay of the log (which slides the window along it) compute the same rate for every
/// review, and a rebuild reproduces the live states.
///
/// ```swift
/// RecentRecall.rate(reviews: 50, passed: 49)  // 0.98
/// RecentRecall.rate(reviews: 12, passed: 12)  // nil: too few to tell
///
/// var window = RecentRecall()
/// for entry in topicLog { rates.append(window.rate); window.append(entry.rating) }
/// ```
public struct RecentRecall: Sendable, Hashable {
    /// How many of the latest reviews count.
    public static let windowSize = 50
    /// Below this many reviews there is no rate.
    public static let minimumReviews = 20

    /// The window's ratings' pass flags, oldest first, at most ``windowSize``; a ring buffer.
    private var passes: [Bool] = []
    private var oldest = 0
    private var passedCount = 0

    /// An empty window: no reviews yet.
    public init() {}

    /// The rate for `reviews` reviews of which `passed` were not failed; `nil` when `reviews` is below
    /// ``minimumReviews``.
    public static func rate(reviews: Int, passed: Int) -> Double? {
        guard reviews >= minimumReviews, reviews > 0 else { return nil }
        return Double(min(max(passed, 0), reviews)) / Double(reviews)
    }

    /// The rate over the window so far (the rate *before* the next review).
    public var rate: Double? { Self.rate(reviews: passes.count, passed: passedCount) }

    /// Slides the window on by one review.
    public mutating func append(_ rating: Rating) {
        let passed = rating.isSuccess
        if passes.count < Self.windowSize {
            passes.append(passed)
        } else {
            if passes[oldest] { passedCount -= 1 }
            passes[oldest] = passed
            oldest = (oldest + 1) % Self.windowSize
        }
        if passed { passedCount += 1 }
    }
}
