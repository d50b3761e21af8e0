import FCContract
import FCCore
import FCPipeline
import FCStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A learner's daily reminder (docs/api.md, "Reminders"): the local time (or none) and zone, and the secret
/// iCalendar feed that gives the same reminder to any calendar app. The feed's secret is shown once, stored as its
/// SHA-256 like personal tokens, and revoked by replacing or deleting it.
enum ReminderRoutes {
    static let setFields: Set<String> = ["time", "timeZone"]

    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        let store = environment.store
        return [
            Route(.get, "/v1/me/reminder", .learner) { _, context in
                let identity = try context.requireLearner()
                return try JSONResponse.make(try await ReminderJSON.read(identity, store: store))
            },
            Route(.put, "/v1/me/reminder", .learner) { request, context in
                let identity = try context.requireLearner()
                let body = try await JSONBody.read(
                    request, allowed: setFields, maxBytes: environment.settings.maxBodyBytes)
                let time: ReminderTime?
                switch body.members["time"] {
                case nil: throw Problem.badRequest("\"time\" is required: \"HH:MM\" or null for none", field: "time")
                case .null: time = nil
                case .string(let text):
                    guard let parsed = ReminderTime(text) else {
                        throw Problem.badRequest(
                            "\"time\" must be \"HH:MM\" from 00:00 to 23:59, or null", field: "time")
                    }
                    time = parsed
                default: throw Problem.badRequest("\"time\" must be a string \"HH:MM\" or null", field: "time")
                }
                // One zone per learner (schema 31): the reminder's is the learner's day's, so naming it sets both.
                // Turning the reminder off may leave it out and keeps the zone; setting a time names it.
                var zoneName: String?
                if body.members["timeZone"] != nil || time != nil {
                    let name = try body.string("timeZone")
                    guard ReminderZone.named(name) != nil else {
                        throw Problem.badRequest(
                            "\"timeZone\" must be an IANA time zone name such as Europe/Berlin", field: "timeZone")
                    }
                    zoneName = name
                }
                try await Reminders.set(on: store, userID: identity.userID, time: time, timeZone: zoneName)
                return try JSONResponse.make(try await ReminderJSON.read(identity, store: store))
            },
            Route(.post, "/v1/me/reminder/calendar", .learner) { _, context in
                let identity = try context.requireLearner()
                var generator = SystemRandomNumberGenerator()
                let secret = OneUseCode.calendarFeed.newCode(using: &generator)
                try await Reminders.replaceCalendarFeed(
                    on: store, userID: identity.userID, hash: OneUseCode.calendarFeed.hash(secret))
                let path = "/v1/calendars/\(secret)"
                return try JSONResponse.make(
                    CalendarFeedJSON(
                        secret: secret, path: path, url: environment.settings.publicURL.map { "\($0.origin)\(path)" }),
                    status: .created)
            },
            Route(.delete, "/v1/me/reminder/calendar", .learner) { _, context in
                let identity = try context.requireLearner()
                guard try await Reminders.deleteCalendarFeed(on: store, userID: identity.userID) else {
                    throw Problem.notFound("no calendar feed to delete")
                }
                return Response(status: .noContent)
            },
            // Open: a calendar app sends no token. The secret in the path is the credential.
            Route(.get, "/v1/calendars/{secret}", .open) { _, context in
                let secret = context.parameters.get("secret") ?? ""
                guard secret.utf8.count <= OneUseCode.maxCharacters, secret.hasPrefix(OneUseCode.calendarFeed.marker),
                    let found = try await Reminders.calendarFeed(on: store, hash: OneUseCode.calendarFeed.hash(secret))
                else { throw Problem.notFound("no calendar at this address (it may have been replaced)") }
                let (userID, reminder) = found
                let zone = reminder.flatMap { ReminderZone.named($0.timeZone) } ?? ReminderZone.utc
                let feed = CalendarFeed(
                    userID: userID, time: reminder?.localTime.flatMap(ReminderTime.init), zone: zone,
                    since: reminder?.updatedAt ?? environment.now(), now: environment.now(),
                    appURL: environment.settings.publicURL.map { "\($0)/" })
                return Response(
                    status: .ok,
                    headers: [.contentType: "text/calendar; charset=utf-8", .cacheControl: "private, no-cache"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: feed.document())))
            },
        ]
    }
}

extension OneUseCode {
    /// Calendar feed secrets: `fcc_…`, in the feed's URL path (a calendar app has no other way to send one).
    static let calendarFeed = OneUseCode(marker: "fcc_", linkPath: "")
}

/// `GET /v1/me/reminder`: the time (absent when off), the zone, and what delivers it.
struct ReminderJSON: Encodable {
    var time: String?
    /// The learner's zone: their day (streaks, XP, cards due today) and their reminder's; `UTC` when never named.
    var timeZone: String
    /// Whether a calendar feed exists (its secret was shown when it was made).
    var calendar: Bool
    /// Browsers subscribed to Web Push.
    var pushSubscriptions: Int

    static func read(_ identity: Identity, store: Store) async throws -> ReminderJSON {
        let status = try await Reminders.status(on: store, userID: identity.userID)
        return ReminderJSON(
            time: status.reminder?.localTime, timeZone: status.reminder?.timeZone ?? identity.timeZone ?? "UTC",
            calendar: status.hasCalendarFeed, pushSubscriptions: status.pushSubscriptions)
    }
}

/// `POST /v1/me/reminder/calendar`: the feed's secret, shown this once, and where the feed is.
struct CalendarFeedJSON: Encodable {
    var secret: String
    var path: String
    /// The whole address, when the service knows its public URL (`fcgen serve --public-url`).
    var url: String?
}
