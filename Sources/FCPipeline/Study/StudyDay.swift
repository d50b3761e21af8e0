public import Foundation

/// The learner's calendar days: "due today", streaks and days practised are counted in their time zone.
///
/// Never the machine's zone (servers run in UTC): the zone comes from `--tz`, else the learner's stored zone, else UTC.
/// Days are calendar days, so a day with a DST change has 23 or 25 hours and still counts once.
///
/// ```swift
/// let day = try StudyDay(timeZoneIdentifier: "Europe/Berlin")
/// day.endOfDay(containing: now)  // the last millisecond of the learner's today
/// ```
public struct StudyDay: Sendable {
    public let timeZone: TimeZone
    private let calendar: Calendar

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// The zone's IANA name as fcgen shows it: `UTC` for UTC (Foundation calls it "GMT").
    public var zoneName: String {
        timeZone.identifier == "GMT" ? "UTC" : timeZone.identifier
    }

    /// The zone named by `override`, else `stored`, else UTC.
    ///
    /// - Throws: ``PipelineError/study(_:)`` for an identifier that is not a known time zone.
    public init(override: String? = nil, stored: String? = nil) throws {
        guard let identifier = override ?? stored else {
            self.init(timeZone: TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current)
            return
        }
        guard let zone = Self.timeZone(named: identifier) else {
            throw PipelineError.study("unknown time zone \"\(identifier)\" (use an IANA name such as Europe/Berlin)")
        }
        self.init(timeZone: zone)
    }

    /// The time zone with this IANA identifier ("Europe/Berlin", "UTC"); `nil` for anything else.
    ///
    /// Stricter than `TimeZone(identifier:)`, which also takes Foundation's offset spellings ("GMT+1" becomes
    /// "GMT+0100"): a learner's stored zone must be a tz database name, so it keeps its DST rules and means the
    /// same on every platform. Names must match exactly, case included.
    public static func timeZone(named identifier: String) -> TimeZone? {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        // Foundation reports "UTC" as "GMT"; every other accepted name comes back unchanged.
        return zone.identifier == identifier || identifier == "UTC" ? zone : nil
    }

    /// The last millisecond of the local calendar day that contains `date`: cards due up to here are due today.
    public func endOfDay(containing date: Date) -> Date {
        let start = calendar.startOfDay(for: date)
        let next = calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400)
        return next.addingTimeInterval(-0.001)
    }

    /// The local calendar day of `date` as a day number (days since 1970-01-01 in the proleptic Gregorian
    /// calendar), so consecutive days differ by exactly 1 whatever their length.
    public func dayNumber(of date: Date) -> Int {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return Self.dayNumber(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// Days from 1970-01-01 to a civil date (Howard Hinnant's `days_from_civil`).
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// Current and longest runs of consecutive practice days.
public struct Streaks: Sendable, Codable, Hashable {
    /// Consecutive days up to today with at least one review; a streak that ended yesterday still counts (today
    /// is not over), one that ended the day before yesterday is 0.
    public var current: Int
    /// The longest run of consecutive days ever.
    public var longest: Int

    /// Streaks over a set of day numbers (``StudyDay/dayNumber(of:)``), as of day `today`.
    public init(days: Set<Int>, today: Int) {
        var longest = 0
        for day in days where !days.contains(day - 1) {
            var length = 1
            while days.contains(day + length) { length += 1 }
            longest = max(longest, length)
        }
        var current = 0
        var day = days.contains(today) ? today : today - 1
        while days.contains(day) {
            current += 1
            day -= 1
        }
        self.current = current
        self.longest = longest
    }
}
