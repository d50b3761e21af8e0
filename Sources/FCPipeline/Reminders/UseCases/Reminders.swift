import FCCore
package import FCStore
package import Foundation

/// Daily reminders (`/v1/me/reminder`, the reminder service of `fcgen serve`, the calendar feed), as plain steps
/// over the store's ``FCStore/ReminderRepository``.
///
/// The rules live here once: one zone per learner (naming it with a reminder sets the learner's day's zone too); a
/// learner is reminded at or up to ``window`` minutes after their local time, only with cards due and nothing
/// studied that local day, at most once a day whichever instance asks (the day is claimed first).
package enum Reminders {
    /// A reminder missed by up to this many minutes (a restart, a slow round) is still sent; later it waits for
    /// tomorrow.
    package static let window = 60

    /// What the Me screen shows of a learner's reminder.
    package struct Status: Sendable, Hashable {
        /// The reminder, or `nil` when the learner never set one.
        package var reminder: Reminder?
        /// Whether a calendar feed exists.
        package var hasCalendarFeed: Bool
        /// Browsers subscribed to Web Push.
        package var pushSubscriptions: Int
    }

    /// A learner to remind now: their day claimed, and how many cards are due.
    package struct Claimed: Sendable, Hashable {
        package var userID: Int64
        package var dueCards: Int

        package init(userID: Int64, dueCards: Int) {
            self.userID = userID
            self.dueCards = dueCards
        }
    }

    /// The learner's reminder, calendar feed and subscriptions, as one snapshot.
    package static func status(on store: Store, userID: Int64) async throws -> Status {
        try await store.read { db in
            Status(
                reminder: try await db.reminder(userID: userID),
                hasCalendarFeed: try await db.hasCalendarFeed(userID: userID),
                pushSubscriptions: try await db.pushSubscriptions(userID: userID).count)
        }
    }

    /// The learner's reminder, or `nil` when they never set one.
    package static func reminder(on store: Store, userID: Int64) async throws -> Reminder? {
        try await store.read { try await $0.reminder(userID: userID) }
    }

    /// Sets the learner's reminder time (`nil`: off) and, when `timeZone` is given, the learner's zone, in one
    /// transaction; the day already claimed stays claimed.
    @discardableResult
    package static func set(
        on store: Store, userID: Int64, time: ReminderTime?, timeZone: String?
    ) async throws -> Reminder {
        let now = store.now().unixMilliseconds
        return try await store.write("set reminder") { db in
            try await db.upsertReminder(userID: userID, localTime: time?.description, at: now)
            if let timeZone { try await Learners.setTimeZone(timeZone, userID: userID, in: db) }
            // Read back for the learner's zone as stored (the INSERT made or kept the row).
            return try await db.reminder(userID: userID)
                ?? Reminder(
                    userID: userID, localTime: time?.description, timeZone: timeZone ?? "UTC",
                    updatedAt: Date(unixMilliseconds: now))
        }
    }

    /// Claims the day of each learner to remind at `instant` and hands them to `remind`, one after the other: a
    /// reminder that is on, with a push subscription, within ``window`` minutes after its local time, not sent that
    /// local day, with cards due and nothing reviewed since local midnight. A learner another instance claimed first
    /// is skipped. Returns how many learners were handed over.
    @discardableResult
    package static func claimDue(
        on store: Store, at instant: Date, _ remind: (Claimed) async throws -> Void
    ) async throws -> Int {
        var count = 0
        for reminder in try await store.read({ try await $0.pushReminders() }) {
            guard let time = reminder.localTime.flatMap(ReminderTime.init),
                let zone = ReminderZone.named(reminder.timeZone)
            else { continue }
            let local = LocalClock(instant, in: zone)
            let late = local.minuteOfDay - time.minuteOfDay
            guard late >= 0, late < window, reminder.sentDay != local.day else { continue }
            let userID = reminder.userID
            let due = try await store.read { db -> Int? in
                guard try await !db.hasReviewed(userID: userID, since: local.dayStart.unixMilliseconds) else {
                    return nil
                }
                return try await db.dueCardCount(userID: userID, at: instant.unixMilliseconds)
            }
            guard let due, due > 0 else { continue }
            let won = try await store.write("claim reminder day") { db in
                try await db.claimReminderDay(userID: userID, day: local.day)
            }
            guard won else { continue }
            count += 1
            try await remind(Claimed(userID: userID, dueCards: due))
        }
        return count
    }
}
