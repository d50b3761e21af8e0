/// Reads how long a server asks us to wait from a response's headers.
///
/// `Retry-After` is either delay-seconds or an HTTP-date (RFC 9110 §10.2.3). An HTTP-date is measured against the
/// same response's `Date` header rather than our own clock: both come from the server, so clock skew between the
/// machines cancels out, and the library needs no wall clock. Without a `Date` header an HTTP-date is ignored and
/// the normal backoff applies. `retry-after-ms` (sent by OpenAI and Azure) is read first when present.
package enum RetryAfter {
    /// The requested delay, or `nil` when the headers (lowercased names) ask for none or can't be read.
    package static func delay(in headers: [String: String]) -> Duration? {
        if let text = headers["retry-after-ms"], let milliseconds = Double(text.trimmed) {
            return clamped(seconds: milliseconds / 1000)
        }
        guard let text = headers["retry-after"]?.trimmed, !text.isEmpty else { return nil }
        if let seconds = Double(text) { return clamped(seconds: seconds) }
        guard let retryAt = HTTPDate.secondsSince1970(text),
            let dateText = headers["date"], let now = HTTPDate.secondsSince1970(dateText)
        else { return nil }
        return .seconds(min(max(0, retryAt - now), Int64(longest / .seconds(1))))
    }

    /// The longest wait a server's header is taken at its word for; `RetryPolicy` caps it further.
    static let longest = Duration.seconds(86_400)

    /// `seconds` as a delay, `nil` when it is negative or not a number; `inf` and `1e308` (a server's header is
    /// outside data: converting them to an integer would trap) become ``longest``.
    private static func clamped(seconds: Double) -> Duration? {
        guard !seconds.isNaN, seconds >= 0 else { return nil }
        return .milliseconds(Int64((min(seconds, longest / .seconds(1)) * 1000).rounded()))
    }
}

/// A parser for the IMF-fixdate form of HTTP-date, `Sun, 06 Nov 1994 08:49:37 GMT` (RFC 9110 §5.6.7), the only
/// form senders may generate. Written by hand so it needs no `DateFormatter` (not `Sendable`) and no locale.
package enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Seconds since 1970-01-01 00:00:00 UTC, or `nil` when `text` is not an IMF-fixdate.
    package static func secondsSince1970(_ text: String) -> Int64? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        // The day name is optional here: it carries no information and some servers get it wrong.
        let fields = words.first?.hasSuffix(",") == true ? Array(words.dropFirst()) : Array(words)
        guard fields.count == 5, ["GMT", "UTC"].contains(fields[4].uppercased()),
            let day = Int(fields[0]), (1...31).contains(day),
            let monthIndex = months.firstIndex(of: fields[1].lowercased()),
            let year = Int(fields[2]), (1970...9999).contains(year)
        else { return nil }
        let clock = fields[3].split(separator: ":")
        guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = daysSince1970(year: year, month: monthIndex + 1, day: day)
        return days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`,
    /// http://howardhinnant.github.io/date_algorithms.html).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return Int64(era * 146_097 + dayOfEra - 719_468)
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace and newlines.
    package var trimmed: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
