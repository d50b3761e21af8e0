/// The configuration of ``LeitnerScheduler``; the defaults give the boxes and intervals.
public struct LeitnerParameters: Sendable, Codable, Hashable {
    /// How many boxes there are (0 … boxCount − 1).
    public var boxCount: Int
    /// The interval of box 1, in days (3).
    public var firstInterval: Double
    /// Each box's interval is this many times the previous box's, before rounding up (2.05).
    public var growth: Double
    /// The interval of box 0, where new and failed cards wait, in days.
    public var boxZeroInterval: Double
    /// The longest interval, in days.
    public var maximumInterval: Int

    public init(
        boxCount: Int = 8,
        firstInterval: Double = 3,
        growth: Double = 2.05,
        boxZeroInterval: Double = 1,
        maximumInterval: Int = 36_500
    ) {
        self.boxCount = boxCount
        self.firstInterval = firstInterval
        self.growth = growth
        self.boxZeroInterval = boxZeroInterval
        self.maximumInterval = maximumInterval
    }

    /// Checks the ranges the rule relies on.
    ///
    /// - Throws: ``SchedulerError/invalidParameter(algorithm:name:problem:)`` naming the first bad value.
    public func validate() throws(SchedulerError) {
        func fail(_ name: String, _ problem: String) -> SchedulerError {
            .invalidParameter(algorithm: .leitner, name: name, problem: problem)
        }
        guard boxCount >= 2 else { throw fail("boxCount", "needs at least 2 boxes, got \(boxCount)") }
        guard firstInterval > 0, firstInterval.isFinite else { throw fail("firstInterval", "must be positive") }
        guard growth > 1, growth.isFinite else { throw fail("growth", "must be greater than 1, got \(growth)") }
        guard boxZeroInterval > 0, boxZeroInterval.isFinite else {
            throw fail("boxZeroInterval", "must be positive")
        }
        guard maximumInterval >= 1 else { throw fail("maximumInterval", "must be at least 1 day") }
    }
}
