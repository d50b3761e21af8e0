package import Foundation

/// A daily reminder's local time, "HH:MM" on a 24-hour clock, read strictly: two digits each, 00:00 to 23:59.
package struct ReminderTime: Sendable, Hashable, CustomStringConvertible {
    package let hour: Int
    package let minute: Int

    /// `nil` unless `text` is exactly `HH:MM` with 00…23 and 00…59.
    package init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":") else { return nil }
        let digits = [bytes[0], bytes[1], bytes[3], bytes[4]]
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        let values = digits.map { Int($0 - UInt8(ascii: "0")) }
        hour = values[0] * 10 + values[1]
        minute = values[2] * 10 + values[3]
        guard hour < 24, minute < 60 else { return nil }
    }

    /// Minutes after local midnight.
    package var minuteOfDay: Int { hour * 60 + minute }

    package var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}

/// IANA time zone names as a reminder takes them: a name the system's zone database knows (`Europe/Berlin`,
/// `UTC`), not an abbreviation or an offset Foundation would also accept (`CET`, `GMT+2`).
package enum ReminderZone {
    /// The zone named `name`, or `nil` when it is not an IANA name this system knows.
    package static func named(_ name: String) -> TimeZone? {
        guard name.utf8.count <= 64, name == "UTC" || known.contains(name) else { return nil }
        return TimeZone(identifier: name)
    }

    /// UTC, the zone of a learner who never named one.
    package static let utc = TimeZone(secondsFromGMT: 0) ?? .current

    private static let known = Set(TimeZone.knownTimeZoneIdentifiers)
}
