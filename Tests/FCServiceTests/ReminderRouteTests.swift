import FCCore
import FCPipeline
import FCService
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// A learner's daily reminder over HTTP (docs/api.md, "Reminders"): the time and zone read strictly, the secret
/// iCalendar feed (RFC 5545, checked as a parser reads it) that only its learner's reminder reaches, and replacing
/// or deleting it revoking the old address.
@Suite("the service: reminders and the calendar feed (in process)")
struct ReminderRouteTests {
    @Test("a learner sets, reads and turns off the reminder; bad times and zones are 400 naming the field")
    func setAndRead() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        let check = OpenAPICheck()
        let ana = fixture.learnerToken
        try await fixture.serve { server in
            let unset = check.add(try await server.call(.GET, "/v1/me/reminder", token: ana), "Reminder", label: "get")
            #expect(unset.status == 200 && unset.json["time"] == nil && unset.json["timeZone"] as? String == "UTC")
            let set = check.add(
                try await server.call(
                    .PUT, "/v1/me/reminder", token: ana, json: #"{"time": "07:30", "timeZone": "Europe/Berlin"}"#),
                "Reminder", label: "set")
            #expect(set.status == 200, "\(set.text)")
            #expect(set.json["time"] as? String == "07:30" && set.json["timeZone"] as? String == "Europe/Berlin")
            #expect(set.json["calendar"] as? Bool == false && set.json["pushSubscriptions"] as? Int == 0)
            for (body, field) in [
                (#"{"time": "7:30", "timeZone": "UTC"}"#, "time"), (#"{"time": "24:00", "timeZone": "UTC"}"#, "time"),
                (#"{"time": "07:60", "timeZone": "UTC"}"#, "time"), (#"{"time": 730, "timeZone": "UTC"}"#, "time"),
                (#"{"time": "07:3０", "timeZone": "UTC"}"#, "time"), (#"{"timeZone": "UTC"}"#, "time"),
                (#"{"time": "07:30"}"#, "timeZone"), (#"{"time": "07:30", "timeZone": "Mars/Olympus"}"#, "timeZone"),
                (#"{"time": "07:30", "timeZone": "GMT+2"}"#, "timeZone"),
                (#"{"time": "07:30", "timeZone": 1}"#, "timeZone"),
                (#"{"time": "07:30", "timeZone": "UTC", "days": 5}"#, "days"),
            ] {
                expectProblem(
                    try await server.call(.PUT, "/v1/me/reminder", token: ana, json: body), status: 400,
                    code: "bad_request", field: field)
            }
            // Nothing half-written: the refused requests left the reminder as it was.
            #expect(try await server.call(.GET, "/v1/me/reminder", token: ana).json["time"] as? String == "07:30")
            let off = try await server.call(.PUT, "/v1/me/reminder", token: ana, json: #"{"time": null}"#)
            #expect(off.status == 200 && off.json["time"] == nil, "\(off.text)")
            #expect(off.json["timeZone"] as? String == "Europe/Berlin", "turning it off keeps the zone")
            // Another learner sees only their own.
            let max = try await fixture.token(user: "max")
            #expect(try await server.call(.GET, "/v1/me/reminder", token: max).json["timeZone"] as? String == "UTC")
        }
        try await check.validate(in: fixture.directory)
    }

    @Test(
        "one zone: the reminder's zone is the learner's day's, set from either side (both engines)",
        arguments: [false, true])
    func oneZone(postgres: Bool) async throws {
        try await TestPostgresServer.onEngine(postgres: postgres, label: "zone") {
            try await Self.oneZone(databaseURL: $0)
        }
    }

    private static func oneZone(databaseURL: String?) async throws {
        // Noon UTC on 20 November: already the 21st on Kiritimati (UTC+14).
        let clock = ManualNow(Date(timeIntervalSince1970: 1_795_176_000))
        let fixture = try await ServiceUnderTest(seeded: false, now: clock.now, databaseURL: databaseURL)
        let ana = fixture.learnerToken
        try await fixture.serve { server in
            #expect(try await server.call(.GET, "/v1/me", token: ana).json["day"] as? String == "2026-11-20")
            let set = try await server.call(
                .PUT, "/v1/me/reminder", token: ana, json: #"{"time": "07:30", "timeZone": "Pacific/Kiritimati"}"#)
            #expect(set.status == 200 && set.json["timeZone"] as? String == "Pacific/Kiritimati", "\(set.text)")
            #expect(
                try await server.call(.GET, "/v1/me", token: ana).json["day"] as? String == "2026-11-21",
                "the reminder's zone is the learner's day's")
            let user = try #require(try await Learners.named(on: fixture.store, "ana"))
            #expect(user.timeZone == "Pacific/Kiritimati")
            // The learner's zone set elsewhere (`fcgen user --tz`) is the reminder's too.
            try await Learners.setTimeZone(on: fixture.store, "America/New_York", userID: user.id)
            let read = try await server.call(.GET, "/v1/me/reminder", token: ana)
            #expect(read.json["timeZone"] as? String == "America/New_York" && read.json["time"] as? String == "07:30")
            #expect(try await Reminders.reminder(on: fixture.store, userID: user.id)?.timeZone == "America/New_York")
            // Turning the reminder off keeps the zone, and the learner's day with it.
            _ = try await server.call(.PUT, "/v1/me/reminder", token: ana, json: #"{"time": null}"#)
            #expect(try await Learners.named(on: fixture.store, "ana")?.timeZone == "America/New_York")
            #expect(try await server.call(.GET, "/v1/me", token: ana).json["day"] as? String == "2026-11-20")
        }
    }

    @Test(
        "the calendar feed: made once, read without a token, only its learner's reminder, revoked by replace and delete"
    )
    func calendarFeed() async throws {
        let fixture = try await ServiceUnderTest(seeded: false) {
            $0.publicURL = PublicURL("https://cards.example.org")
        }
        let check = OpenAPICheck()
        let ana = fixture.learnerToken
        let max = try await fixture.token(user: "max")
        try await fixture.serve { server in
            _ = try await server.call(
                .PUT, "/v1/me/reminder", token: ana, json: #"{"time": "07:30", "timeZone": "Europe/Berlin"}"#)
            _ = try await server.call(
                .PUT, "/v1/me/reminder", token: max, json: #"{"time": "21:05", "timeZone": "America/New_York"}"#)
            let made = check.add(
                try await server.call(.POST, "/v1/me/reminder/calendar", token: ana), "CalendarFeed", label: "make")
            #expect(made.status == 201, "\(made.text)")
            let path = try #require(made.json["path"] as? String)
            let secret = try #require(made.json["secret"] as? String)
            #expect(made.json["url"] as? String == "https://cards.example.org" + path)
            #expect(try await server.call(.GET, "/v1/me/reminder", token: ana).json["calendar"] as? Bool == true)
            #expect(!(try await server.call(.GET, "/v1/me/reminder", token: ana).text.contains(secret)))
            // The database holds only the secret's hash.
            let stored = try #require(try await fixture.store.scalarText("SELECT feed_hash FROM calendar_feeds"))
            #expect(stored != secret && stored.count == 64 && !stored.contains(secret))

            let feed = try await server.call(.GET, path)
            #expect(feed.status == 200, "\(feed.text)")
            #expect(feed.headers["Content-Type"].first == "text/calendar; charset=utf-8")
            let calendar = try ICalendarParse(feed.text)
            let event = try #require(calendar.components("VEVENT").first)
            #expect(event["DTSTART"]?.parameters["TZID"] == "Europe/Berlin")
            #expect(event["DTSTART"]?.value.hasSuffix("T073000") == true, "\(feed.text)")
            #expect(event["RRULE"]?.value == "FREQ=DAILY")
            #expect(event["URL"]?.value == "https://cards.example.org/")
            #expect(calendar.components("VALARM").first?["ACTION"]?.value == "DISPLAY")
            #expect(calendar.components("VALARM").first?["TRIGGER"]?.value == "PT0M")
            let zone = try #require(calendar.components("VTIMEZONE").first)
            #expect(zone["TZID"]?.value == "Europe/Berlin")
            #expect(calendar.components("DAYLIGHT").first?["TZOFFSETTO"]?.value == "+0200")
            #expect(calendar.components("STANDARD").first?["TZOFFSETTO"]?.value == "+0100")
            // The long description was folded, and unfolds to the text with its escaped comma.
            #expect(calendar.foldedLines > 0)
            #expect(event["DESCRIPTION"]?.value.contains("Open https://cards.example.org/ to study.") == true)

            // Turned off: the same address serves a calendar with no event (subscribed apps drop it).
            _ = try await server.call(.PUT, "/v1/me/reminder", token: ana, json: #"{"time": null}"#)
            let emptied = try ICalendarParse(try await server.call(.GET, path).text)
            #expect(emptied.components("VEVENT").isEmpty && emptied.components("VCALENDAR").count == 1)

            // Replacing revokes the old address; the new one works; deleting revokes it; a guess is 404.
            let replaced = try await server.call(.POST, "/v1/me/reminder/calendar", token: ana)
            let newPath = try #require(replaced.json["path"] as? String)
            expectProblem(try await server.call(.GET, path), status: 404, code: "not_found")
            #expect(try await server.call(.GET, newPath).status == 200)
            // max's feed shows max's reminder, never ana's.
            let maxPath = try #require(
                try await server.call(.POST, "/v1/me/reminder/calendar", token: max).json["path"] as? String)
            let maxEvent = try ICalendarParse(try await server.call(.GET, maxPath).text).components("VEVENT").first
            #expect(maxEvent?["DTSTART"]?.parameters["TZID"] == "America/New_York")
            #expect(maxEvent?["DTSTART"]?.value.hasSuffix("T210500") == true)
            #expect(try await server.call(.DELETE, "/v1/me/reminder/calendar", token: ana).status == 204)
            expectProblem(try await server.call(.GET, newPath), status: 404, code: "not_found")
            expectProblem(
                try await server.call(.DELETE, "/v1/me/reminder/calendar", token: ana), status: 404, code: "not_found")
            expectProblem(try await server.call(.GET, "/v1/calendars/fcc_guess"), status: 404, code: "not_found")
            #expect(try await server.call(.GET, maxPath).status == 200, "deleting ana's leaves max's")
        }
        try await check.validate(in: fixture.directory)
    }

    @Test("content lines: CRLF, folded at 75 octets without splitting a UTF-8 sequence, TEXT escaped")
    func folding() throws {
        let long = String(repeating: "ä", count: 100) + ", a; b\\c\nd"
        let line = ICalendarText.folded("DESCRIPTION:" + ICalendarText.escaped(long))
        #expect(line.hasSuffix("\r\n"))
        let physical = line.dropLast().components(separatedBy: "\r\n")
        #expect(physical.count > 2)
        #expect(physical.allSatisfy { $0.utf8.count <= 75 }, "\(physical.map(\.utf8.count))")
        #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        let unfolded = physical.first! + physical.dropFirst().map { String($0.dropFirst()) }.joined()
        #expect(unfolded == "DESCRIPTION:" + String(repeating: "ä", count: 100) + "\\, a\\; b\\\\c\\nd")
    }
}

/// An RFC 5545 reader as strict as the tests need: every line ends with CRLF, no physical line is longer than 75
/// octets, folded lines (CRLF then a space or tab) unfold, BEGIN/END nest and match, and each content line is a
/// name, parameters and a value.
struct ICalendarParse {
    struct Property {
        var value: String
        var parameters: [String: String]
    }

    typealias Component = [String: Property]

    private var found: [(name: String, properties: Component)] = []
    /// Physical lines that continued a folded one.
    private(set) var foldedLines = 0

    init(_ text: String) throws {
        guard text.hasSuffix("\r\n") else { throw Failure("the document does not end with CRLF") }
        // "\r\n" is one Character: dropping the last one drops the whole line break.
        let physical = text.dropLast().components(separatedBy: "\r\n")
        var lines: [String] = []
        for line in physical {
            guard !line.contains("\n"), !line.contains("\r") else { throw Failure("a bare LF or CR: \(line)") }
            guard line.utf8.count <= 75 else { throw Failure("longer than 75 octets: \(line)") }
            if line.hasPrefix(" ") || line.hasPrefix("\t") {
                guard !lines.isEmpty else { throw Failure("a continuation first") }
                lines[lines.count - 1] += line.dropFirst()
                foldedLines += 1
            } else {
                lines.append(line)
            }
        }
        var stack: [(String, Component)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw Failure("no colon: \(line)") }
            let head = line[..<colon].split(separator: ";").map(String.init)
            let value = String(line[line.index(after: colon)...])
            guard let name = head.first, !name.isEmpty else { throw Failure("no name: \(line)") }
            if name == "BEGIN" {
                stack.append((value, [:]))
            } else if name == "END" {
                guard let (open, properties) = stack.popLast(), open == value else {
                    throw Failure("END:\(value) does not close what is open")
                }
                found.append((open, properties))
            } else {
                guard !stack.isEmpty else { throw Failure("a property outside any component: \(line)") }
                var parameters: [String: String] = [:]
                for parameter in head.dropFirst() {
                    let pair = parameter.split(separator: "=", maxSplits: 1).map(String.init)
                    guard pair.count == 2 else { throw Failure("a parameter without a value: \(line)") }
                    parameters[pair[0]] = pair[1]
                }
                stack[stack.count - 1].1[name] = Property(value: Self.unescaped(value), parameters: parameters)
            }
        }
        guard stack.isEmpty, found.last?.name == "VCALENDAR" else { throw Failure("components left open") }
    }

    /// The components named `name`, in the order they closed.
    func components(_ name: String) -> [Component] {
        found.filter { $0.name == name }.map(\.properties)
    }

    static func unescaped(_ value: String) -> String {
        var out = ""
        var escaping = false
        for character in value {
            if escaping {
                out.append(character == "n" || character == "N" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
