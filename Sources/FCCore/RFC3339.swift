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
        let text = Date(timeIntervalSince1970: Double(seconds)).formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
        let digits = String(millis)
        return String(text.dropLast()) + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }
}
