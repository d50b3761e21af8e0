/// py-fsrs's interval fuzz: a review interval of d days becomes a random whole number of days around d.
///
/// The spread grows with the interval (±15 % of the part between 2.5 and 7 days, ±10 % between 7 and 20, ±5 %
/// beyond, plus one day); intervals under 2.5 days are left alone. The random draw comes from the injected
/// generator, so the values differ from Python's `random()` but follow the same distribution.
enum FSRSFuzz {
    private static let ranges: [(start: Double, end: Double, factor: Double)] = [
        (2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, .infinity, 0.05),
    ]

    /// The smallest and largest fuzzed values for an interval of `days`.
    static func bounds(days: Int, maximumInterval: Int) -> ClosedRange<Int> {
        let interval = Double(days)
        var delta = 1.0
        for range in ranges {
            delta += range.factor * max(min(interval, range.end) - range.start, 0.0)
        }
        var lower = Int((interval - delta).rounded(.toNearestOrEven))
        var upper = Int((interval + delta).rounded(.toNearestOrEven))
        lower = max(2, lower)
        upper = min(upper, maximumInterval)
        lower = min(lower, upper)
        return lower...upper
    }

    static func fuzzedDays(_ days: Int, maximumInterval: Int, using generator: inout some RandomNumberGenerator)
        -> Int
    {
        guard Double(days) >= 2.5 else { return days }
        let bounds = bounds(days: days, maximumInterval: maximumInterval)
        let draw = Double.random(in: 0..<1, using: &generator)
        let fuzzed = draw * Double(bounds.upperBound - bounds.lowerBound + 1) + Double(bounds.lowerBound)
        return min(Int(fuzzed.rounded(.toNearestOrEven)), maximumInterval)
    }
}
