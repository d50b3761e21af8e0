import Foundation

/// Seconds and days, the way all three algorithms count them.
enum TimeMath {
    /// One day of elapsed time. Days are 24-hour periods, not calendar days (no time zones, no DST in scheduling).
    static let secondsPerDay: Double = 86_400

    /// Whole 24-hour periods from `start` to `end`, rounded down, like Python's `timedelta.days`.
    ///
    /// A gap of 86,399 s is 0 days and 86,400 s is 1 (the vectors' "day edge" trap); a negative gap gives a
    /// negative count, as in py-fsrs.
    static func elapsedDays(from start: Date, to end: Date) -> Int {
        let days = (end.timeIntervalSince(start) / secondsPerDay).rounded(.down)
        // Clamped so that absurd inputs cannot trap on the conversion.
        return Int(max(min(days, 1e15), -1e15))
    }

    /// `days` as seconds, rounded to whole seconds so that due dates stay on whole seconds.
    static func seconds(days: Double) -> Double {
        (days * secondsPerDay).rounded(.toNearestOrEven)
    }
}
