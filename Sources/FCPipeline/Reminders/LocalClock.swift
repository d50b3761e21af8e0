package import Foundation

/// Where an instant falls for a learner in their zone: the local day ("YYYY-MM-DD"), its first instant, and the
/// minute of that day (daylight-saving gaps and repeats as the zone has them).
package struct LocalClock: Sendable {
    package let day: String
    package let dayStart: Date
    package let minuteOfDay: Int

    package init(_ instant: Date, in zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        let (year, month, date) = (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
        day = String(format: "%04d-%02d-%02d", year, month, date)
        dayStart = calendar.startOfDay(for: instant)
        minuteOfDay = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }
}
