package import FCPipeline
package import Foundation

/// A learner's reminder as an iCalendar document (RFC 5545): one daily VEVENT at the local time in the learner's
/// zone (`DTSTART;TZID=…` with `RRULE:FREQ=DAILY`), with a display VALARM at its start, and the VTIMEZONE the TZID
/// names. A learner without a reminder time gets a calendar with no event, so subscribed apps drop it.
package struct CalendarFeed: Sendable {
    package var userID: Int64
    /// `nil`: reminders off.
    package var time: ReminderTime?
    package var zone: TimeZone
    /// The local day the event starts on (when the reminder was set).
    package var since: Date
    /// `DTSTAMP`: when the document was made.
    package var now: Date
    /// The web app's address, when the operator told the service (`--public-url`): the event links to it.
    package var appURL: String?

    package init(userID: Int64, time: ReminderTime?, zone: TimeZone, since: Date, now: Date, appURL: String?) {
        self.userID = userID
        self.time = time
        self.zone = zone
        self.since = since
        self.now = now
        self.appURL = appURL
    }

    /// The document: content lines folded, each ended by CRLF.
    package func document() -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//fcgen//study reminders//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:" + ICalendarText.escaped("fcgen study reminder"),
        ]
        if let time {
            let start = Self.localStamp(since, zone: zone, time: time)
            lines += VTimeZone(zone: zone, from: since).lines()
            var description = "Time for today's flashcards: cards that are due wait for you."
            if let appURL { description += " Open " + appURL + " to study." }
            lines += [
                "BEGIN:VEVENT", "UID:reminder-\(userID)@fcgen", "DTSTAMP:" + Self.utcStamp(now),
                "DTSTART;TZID=\(zone.identifier):\(start)", "DURATION:PT15M", "RRULE:FREQ=DAILY",
                "SUMMARY:" + ICalendarText.escaped("Study your flashcards"),
                "DESCRIPTION:" + ICalendarText.escaped(description), "TRANSP:TRANSPARENT",
            ]
            if let appURL { lines.append("URL:" + appURL) }
            lines += [
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + ICalendarText.escaped("Study your flashcards"),
                "TRIGGER:PT0M", "END:VALARM", "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(ICalendarText.folded).joined()
    }

    /// `20261129T193000Z`.
    static func utcStamp(_ instant: Date) -> String {
        stamp(instant, zone: ReminderZone.utc) + "Z"
    }

    /// The local day of `day` in `zone` at `time`: `20261129T073000`.
    static func localStamp(_ day: Date, zone: TimeZone, time: ReminderTime) -> String {
        let date = String(stamp(day, zone: zone).prefix(8))
        return date + "T" + String(format: "%02d%02d00", time.hour, time.minute)
    }

    /// `instant` as local date-time digits in `zone`: `20261129T193012`.
    static func stamp(_ instant: Date, zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return String(
            format: "%04d%02d%02dT%02d%02d%02d", p.year ?? 1970, p.month ?? 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0,
            p.second ?? 0)
    }
}
