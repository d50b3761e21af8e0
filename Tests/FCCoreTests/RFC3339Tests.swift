import FCCore
import Foundation
import Testing

/// `RFC3339.milliseconds` writes what Foundation's ISO 8601 formatter writes (plus three fractional digits, rounded to
/// the millisecond) for times from 1583 to 9999, leap days and times before 1970 included. Before the Gregorian
/// reform Foundation's formatter counts Julian dates; ISO 8601 and RFC 3339 count proleptic Gregorian ones, as this
/// does (`knownTimes`).
struct RFC3339Tests {
    static func foundation(_ date: Date) -> String {
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

    @Test func knownTimes() {
        #expect(RFC3339.milliseconds(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(RFC3339.milliseconds(Date(timeIntervalSince1970: 951_782_400.5)) == "2000-02-29T00:00:00.500Z")
        #expect(RFC3339.milliseconds(Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
        #expect(RFC3339.milliseconds(Date(timeIntervalSince1970: 59.9995)) == "1970-01-01T00:01:00.000Z")
        #expect(RFC3339.milliseconds(Date(timeIntervalSince1970: 253_402_300_799.999)) == "9999-12-31T23:59:59.999Z")
        #expect(RFC3339.milliseconds(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00.000Z")
        #expect(RFC3339.milliseconds(Date(timeIntervalSince1970: -12_219_292_800)) == "1582-10-15T00:00:00.000Z")
        #expect(RFC3339.milliseconds(Date(timeIntervalSince1970: -12_219_379_200)) == "1582-10-14T00:00:00.000Z")
    }

    @Test func agreesWithFoundationAcrossTheRange() {
        var random = SplitMix64(seed: 2026)
        var dates = (0..<20_000).map { _ in
            Date(
                timeIntervalSince1970: Double(
                    Int64.random(in: -12_212_553_600_000...253_402_300_799_999, using: &random)) / 1000)
        }
        // Every day boundary of four years around a leap year, and of 1900 (no leap day) and 2000 (one).
        for start in [-2_208_988_800.0, 946_684_800, 1_700_000_000] {
            dates += (0..<1_461).map { Date(timeIntervalSince1970: start + Double($0) * 86_400 - 0.001) }
        }
        for date in dates where RFC3339.milliseconds(date) != Self.foundation(date) {
            Issue.record("\(date.timeIntervalSince1970): \(RFC3339.milliseconds(date)) ≠ \(Self.foundation(date))")
            return
        }
    }
}
