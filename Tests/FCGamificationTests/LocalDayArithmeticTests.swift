import FCGamification
import Foundation
import Testing

/// `LocalDay(containing:in:)` computes the day from the zone's offset; it must agree with Foundation's calendar
/// around DST changes, in half- and quarter-hour zones, and on both sides of 1970.
struct LocalDayArithmeticTests {
    static let zones = [
        "UTC", "Europe/Berlin", "America/New_York", "America/Santiago", "Asia/Kolkata", "Pacific/Auckland",
        "Pacific/Chatham", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Beirut",
    ]

    @Test(arguments: zones) func agreesWithTheCalendarHourByHour(identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // Every 37 minutes over 2025 and 1969 (DST changes in both hemispheres), plus the epoch.
        let starts = [1_735_689_600.0, -31_536_000.0]
        for start in starts {
            for step in stride(from: 0.0, to: 366 * 86_400, by: 37 * 60) {
                let instant = Date(timeIntervalSince1970: start + step)
                let parts = calendar.dateComponents([.year, .month, .day], from: instant)
                let expected = LocalDay(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
                #expect(LocalDay(containing: instant, in: zone) == expected)
                if LocalDay(containing: instant, in: zone) != expected { return }
            }
        }
    }
}
