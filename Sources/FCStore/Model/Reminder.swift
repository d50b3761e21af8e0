package import Foundation

/// A learner's daily reminder (schema version 29): the local time, or none, in the learner's IANA time zone (schema
/// version 31: one zone per learner, `users.time_zone`, for their day and their reminder).
package struct Reminder: Sendable, Hashable {
    package var userID: Int64
    /// "HH:MM" (24-hour), or `nil` when the learner turned reminders off.
    package var localTime: String?
    /// The learner's IANA zone, which `localTime` is in, such as `Europe/Berlin`; `UTC` for a learner who never
    /// named one (as their day is).
    package var timeZone: String
    /// The local day ("YYYY-MM-DD") of the last reminder sent, claimed by ``Database/claimReminderDay(userID:day:)``.
    package var sentDay: String?
    /// When the learner last set it: the calendar feed's event starts on that local day.
    package var updatedAt: Date

    package init(userID: Int64, localTime: String?, timeZone: String, sentDay: String? = nil, updatedAt: Date) {
        self.userID = userID
        self.localTime = localTime
        self.timeZone = timeZone
        self.sentDay = sentDay
        self.updatedAt = updatedAt
    }
}

/// One browser a learner subscribed to Web Push: the PushSubscription's endpoint and keys (base64url).
package struct PushSubscriptionRecord: Sendable, Hashable {
    package var id: Int64
    package var userID: Int64
    package var endpoint: String
    /// The browser's P-256 public key, uncompressed (65 bytes), base64url.
    package var p256dh: String
    /// The browser's 16-byte authentication secret, base64url.
    package var auth: String
    package var createdAt: Date

    package init(id: Int64, userID: Int64, endpoint: String, p256dh: String, auth: String, createdAt: Date) {
        self.id = id
        self.userID = userID
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.createdAt = createdAt
    }
}
