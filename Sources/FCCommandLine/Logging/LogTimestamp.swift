import FCCore
package import Foundation

/// RFC 3339 timestamps in UTC, the same on every machine (locale-dependent formatting differs between machines).
package enum LogTimestamp {
    /// `2026-03-01T09:30:00Z`: whole seconds, for text lines people read.
    package static func seconds(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }

    /// `2026-03-01T09:30:00.123Z`: milliseconds, for JSON lines machines sort and correlate, and for JSON
    /// documents (``FCCore/RFC3339``).
    package static func milliseconds(_ date: Date) -> String {
        RFC3339.milliseconds(date)
    }
}
