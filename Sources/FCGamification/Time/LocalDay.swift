import FCCore

/// A calendar day in a learner's own time zone, such as `2026-03-08`.
///
/// Days are the unit of every daily rule (card XP once per card per day, streaks, challenges, daily stats). A
/// `LocalDay` is a plain proleptic-Gregorian date with no time zone attached: ``LocalDay/init(containing:in:)`` and
/// ``LocalDay/start(in:)`` convert to and from instants for a given zone. Days are numbered consecutively, so
/// "yesterday" and gaps between days are exact integer arithmetic whatever happened to the clocks (DST).
///
/// ```swift
/// let day = LocalDay(containing: now, in: TimeZone(identifier: "Pacific/Auckland")!)
/// day.description            // "2026-03-08"
/// day.advanced(by: 1)        // the next day
/// ```
public struct LocalDay: Sendable, Hashable, Strideable, LosslessStringConvertible {
    /// Days since 1970-01-01 (which is 0); negative before.
    public let ordinal: Int

    /// The day numbered `ordinal` (days since 1970-01-01).
    public init(ordinal: Int) { self.ordinal = ordinal }

    /// The years a `LocalDay` is made from: those `YYYY` writes (year 0 and earlier would print as `00-1-…`).
    public static let supportedYears = 1...9999
    /// 0001-01-01, the first day of ``supportedYears``.
    public static let earliest = LocalDay(ordinal: -719_162)
    /// 9999-12-31, the last day of ``supportedYears``.
    public static let latest = LocalDay(ordinal: 2_932_896)

    /// The given date, or `nil` when it does not exist (month 13, February 30, …) or its year is outside
    /// ``supportedYears`` (checked first: the year often comes from outside, and arithmetic on `Int.max` traps).
    public init?(year: Int, month: Int, day: Int) {
        guard Self.supportedYears.contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        let candidate = LocalDay(ordinal: Self.ordinal(year: year, month: month, day: day))
        // Days past the end of a month roll over into the next one; reject them.
        guard candidate.day == day, candidate.month == month else { return nil }
        self = candidate
    }

    /// Parses `YYYY-MM-DD` (years 0001 to 9999); `nil` for anything else.
    public init?(_ description: String) {
        let parts = description.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The year, e.g. 2026.
    public var year: Int { civil.year }
    /// The month, 1–12.
    public var month: Int { civil.month }
    /// The day of the month, 1–31.
    public var day: Int { civil.day }

    /// The day before.
    public var previous: LocalDay { LocalDay(ordinal: ordinal - 1) }
    /// The day after.
    public var next: LocalDay { LocalDay(ordinal: ordinal + 1) }

    /// `YYYY-MM-DD`, the form used in idempotency keys and JSON.
    public var description: String { GregorianDays.isoDate(Int64(ordinal)) }

    public func advanced(by days: Int) -> LocalDay { LocalDay(ordinal: ordinal + days) }
    public func distance(to other: LocalDay) -> Int { other.ordinal - ordinal }
    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool { lhs.ordinal < rhs.ordinal }

    // Howard Hinnant's days_from_civil / civil_from_days (http://howardhinnant.github.io/date_algorithms.html):
    // exact for the whole proleptic Gregorian calendar, no Foundation needed for day arithmetic.
    private static func ordinal(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = (month + 9) % 12  // March = 0 … February = 11
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private var civil: (year: Int, month: Int, day: Int) {
        let (year, month, day) = GregorianDays.civil(Int64(ordinal))
        return (Int(year), Int(month), Int(day))
    }
}

extension LocalDay: Codable {
    /// Decodes `YYYY-MM-DD`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = LocalDay(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a YYYY-MM-DD day")
        }
        self = day
    }

    /// Encodes as `YYYY-MM-DD`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
