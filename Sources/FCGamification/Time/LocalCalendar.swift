public import Foundation

/// Local days and hours in one explicit time zone; never the machine's.
///
/// A Gregorian `Calendar` whose `timeZone` is set from the learner's zone, so DST and odd offsets
/// (Asia/Kolkata +5:30, Pacific/Auckland +13) come from the time-zone database, not from arithmetic.
struct LocalCalendar: Sendable {
    let timeZone: TimeZone
    private let calendar: Calendar

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// The local calendar day that contains `instant`.
    ///
    /// The local wall-clock time is the instant shifted by the zone's offset at that instant, so the day is that
    /// shifted time's day number: integer arithmetic instead of `Calendar.dateComponents`, which cost about a tenth
    /// of a gamified review (fcgen-bench review-recording). Also proleptic, as ``LocalDay`` is (Foundation's
    /// Gregorian calendar turns Julian before 1582).
    func day(containing instant: Date) -> LocalDay {
        LocalDay(ordinal: Int((localSeconds(at: instant) / 86_400).rounded(.down)))
    }

    /// The local hour of the day (0–23) at `instant`.
    func hour(of instant: Date) -> Int {
        let seconds = localSeconds(at: instant)
        let intoDay = seconds - (seconds / 86_400).rounded(.down) * 86_400
        return min(23, max(0, Int(intoDay / 3_600)))
    }

    /// Seconds since 1970-01-01T00:00 of the local wall-clock time at `instant`.
    private func localSeconds(at instant: Date) -> Double {
        instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
    }

    /// The first instant of `day` in this zone.
    ///
    /// Asks for the start of the day that contains local noon rather than for 00:00 directly, because a few zones
    /// skip midnight on their DST day (America/Santiago, Asia/Beirut): then the day starts at 01:00.
    func start(of day: LocalDay) -> Date {
        let noon = DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)
        guard let instant = calendar.date(from: noon) else {
            // Unreachable for real zones; fall back to UTC midnight shifted by the zone's offset.
            let utcMidnight = Date(timeIntervalSince1970: Double(day.ordinal) * 86_400)
            return utcMidnight.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: utcMidnight)))
        }
        return calendar.startOfDay(for: instant)
    }
}

extension LocalDay {
    /// The local day that contains `instant` in `timeZone`.
    public init(containing instant: Date, in timeZone: TimeZone) {
        self = LocalCalendar(timeZone: timeZone).day(containing: instant)
    }

    /// The first instant of this day in `timeZone` (local midnight, or the first instant after it when DST skips
    /// midnight).
    public func start(in timeZone: TimeZone) -> Date {
        LocalCalendar(timeZone: timeZone).start(of: self)
    }

    /// The first instant of the next day in `timeZone`: when anything scoped to this day expires.
    ///
    /// Days are 23 or 25 hours long on DST changes, so this is never `start(in:) + 86_400` on those days.
    public func end(in timeZone: TimeZone) -> Date {
        next.start(in: timeZone)
    }
}
