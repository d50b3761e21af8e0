public import Foundation

/// fcgen's one time format for machines: RFC 3339 in UTC with exactly three fractional digits,
/// `2026-11-23T12:00:00.000Z` (JSON documents, JSON log lines, JSON exports).
///
/// Milliseconds because the store keeps times in whole milliseconds: a time read from any JSON output and given
/// back (`--at`) is the same instant. Always three digits, so the texts sort as the times do.
public enum RFC3339 {
    /// `date` rounded to the nearest millisecond, as the store rounds it. (`Date.ISO8601FormatStyle` truncates:
    /// 59.999 held as 59.998999… would print .998.)
    public static func milliseconds(_ date: Date) -> String {
        let total = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var (seconds, millis) = total.quotientAndRemainder(dividingBy: 1000)
        if millis < 0 {
            seconds -= 1
            millis += 1000
        }
        // Years 0001–9999 are computed here (every response and log line has times, and Foundation's formatter was
        // a visible share of a request); anything else goes to Foundation.
        guard (-62_135_596_800...253_402_300_799).contains(seconds) else {
            let text = Date(timeIntervalSince1970: Double(seconds)).formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
            let digits = String(millis)
            return String(text.dropLast()) + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
        }
        var (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        if secondOfDay < 0 {
            days -= 1
            secondOfDay += 86_400
        }
        let (year, month, day) = GregorianDays.civil(days)
        var text = ""
        text.reserveCapacity(24)
        GregorianDays.appendDate(year: year, month: month, day: day, to: &text)
        text += "T"
        GregorianDays.appendPadded(secondOfDay / 3_600, digits: 2, to: &text)
        text += ":"
        GregorianDays.appendPadded(secondOfDay / 60 % 60, digits: 2, to: &text)
        text += ":"
        GregorianDays.appendPadded(secondOfDay % 60, digits: 2, to: &text)
        text += "."
        GregorianDays.appendPadded(millis, digits: 3, to: &text)
        text += "Z"
        return text
    }
}
