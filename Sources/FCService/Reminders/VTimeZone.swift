import FCPipeline
import Foundation

/// The VTIMEZONE component RFC 5545 requires for each TZID a calendar uses (section 3.6.5), from the system's zone
/// database: the zone's offset changes from a year before `from` for ten years, as STANDARD and DAYLIGHT
/// observances with an RDATE per change (a zone without changes gets one STANDARD observance).
struct VTimeZone {
    let zone: TimeZone
    let from: Date

    /// How far the listed changes reach: calendar apps showing a later year fall back on the last observance.
    static let years = 10.0

    func lines() -> [String] {
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(zone.identifier)"]
        var instant = from.addingTimeInterval(-366 * 86_400)
        let end = from.addingTimeInterval(Self.years * 366 * 86_400)
        // Each change: the local time it happens at (in the offset before it), and the offsets around it.
        var changes: [(local: String, fromOffset: Int, toOffset: Int, daylight: Bool)] = []
        while let next = zone.nextDaylightSavingTimeTransition(after: instant), next < end {
            let before = zone.secondsFromGMT(for: next.addingTimeInterval(-1))
            let after = zone.secondsFromGMT(for: next)
            let local = CalendarFeed.stamp(next.addingTimeInterval(Double(before)), zone: ReminderZone.utc)
            changes.append((local, before, after, zone.isDaylightSavingTime(for: next)))
            instant = next
        }
        if changes.isEmpty {
            let offset = Self.offset(zone.secondsFromGMT(for: from))
            lines += [
                "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:\(offset)", "TZOFFSETTO:\(offset)",
                "END:STANDARD",
            ]
        } else {
            for daylight in [false, true] {
                let observed = changes.filter { $0.daylight == daylight }
                guard let first = observed.first else { continue }
                let kind = daylight ? "DAYLIGHT" : "STANDARD"
                lines += [
                    "BEGIN:\(kind)", "DTSTART:\(first.local)", "TZOFFSETFROM:\(Self.offset(first.fromOffset))",
                    "TZOFFSETTO:\(Self.offset(first.toOffset))",
                ]
                lines += observed.dropFirst().map { "RDATE:\($0.local)" }
                lines.append("END:\(kind)")
            }
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    /// `+0100`, `-0530`.
    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + String(format: "%02d%02d", minutes / 60, minutes % 60)
    }
}
