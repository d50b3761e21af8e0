import FCCore
package import Foundation

/// Daily reminders (schema version 29): the learner's time and zone, the secret calendar feed, and the day claim
/// that keeps several service instances from reminding a learner twice.
extension Database {
    /// The learner's reminder, or `nil` when they never set one.
    package func reminder(userID: Int64) async throws -> Reminder? {
        try await reminders(where: "r.user_id = \(userID)").first
    }

    /// Every reminder that is on (a time is set) of a learner with at least one push subscription: what the
    /// reminder service looks at each minute.
    package func pushReminders() async throws -> [Reminder] {
        try await reminders(
            where:
                "r.local_time IS NOT NULL AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = r.user_id)"
        )
    }

    /// Sets the learner's reminder time (`nil`: off) and, when `timeZone` is given, the learner's zone (schema 31:
    /// one zone, `users.time_zone`, for their day and their reminder), in one transaction; the day already claimed
    /// stays claimed.
    package func setReminder(userID: Int64, localTime: String?, timeZone: String?) async throws -> Reminder {
        let time = now().unixMilliseconds
        try await connection.immediateTransaction("set reminder") {
            try await connection.withQuery(
                """
                INSERT INTO reminders (user_id, local_time, updated_at) VALUES (\(userID), \(localTime), \(time))
                ON CONFLICT (user_id) DO UPDATE SET local_time = excluded.local_time, updated_at = excluded.updated_at
                """,
                operation: "set reminder"
            ) { statement in
                try await statement.run()
            }
            if let timeZone {
                try await connection.withQuery(
                    "UPDATE users SET time_zone = \(timeZone) WHERE id = \(userID)", operation: "set time zone"
                ) { statement in
                    try await statement.run()
                }
            }
        }
        // Read back for the learner's zone as stored (the reminder's row exists now: the INSERT made or kept it).
        return try await reminder(userID: userID)
            ?? Reminder(
                userID: userID, localTime: localTime, timeZone: timeZone ?? "UTC",
                updatedAt: Date(unixMilliseconds: time))
    }

    /// Claims local `day` for the learner's reminder: `true` for the one caller whose conditional UPDATE changed
    /// the row (the reminder is on and no reminder was sent that day), `false` for everyone else, whichever
    /// instance they run in.
    package func claimReminderDay(userID: Int64, day: String) async throws -> Bool {
        try await connection.immediateTransaction("claim reminder day") {
            try await connection.withQuery(
                """
                UPDATE reminders SET sent_day = \(day)
                WHERE user_id = \(userID) AND local_time IS NOT NULL AND (sent_day IS NULL OR sent_day <> \(day))
                RETURNING user_id
                """,
                operation: "claim reminder day"
            ) { statement in
                try await statement.step()
            }
        }
    }

    /// Whether the learner has cards due at `now` and has reviewed anything since `dayStart` (local midnight).
    package func reminderNeed(userID: Int64, now: Date, dayStart: Date) async throws -> (due: Int, studied: Bool) {
        let due = try await connection.withQuery(
            "SELECT COUNT(*) FROM card_states WHERE user_id = \(userID) AND due <= \(now.unixMilliseconds)",
            operation: "count due cards"
        ) { statement in
            _ = try await statement.step()
            return Int(statement.int64(at: 0))
        }
        let studied = try await connection.withQuery(
            """
            SELECT 1 FROM reviews WHERE user_id = \(userID) AND reviewed_at >= \(dayStart.unixMilliseconds) LIMIT 1
            """,
            operation: "find today's reviews"
        ) { statement in
            try await statement.step()
        }
        return (due, studied)
    }

    /// Stores the learner's calendar feed secret's hash, replacing (and so revoking) any earlier one.
    package func replaceCalendarFeed(userID: Int64, hash: String) async throws {
        let time = now().unixMilliseconds
        try await connection.immediateTransaction("replace calendar feed") {
            try await connection.withQuery(
                """
                INSERT INTO calendar_feeds (user_id, feed_hash, created_at) VALUES (\(userID), \(hash), \(time))
                ON CONFLICT (user_id) DO UPDATE SET feed_hash = excluded.feed_hash, created_at = excluded.created_at
                """,
                operation: "replace calendar feed"
            ) { statement in
                try await statement.run()
            }
        }
    }

    /// Revokes the learner's calendar feed; `false` when there was none.
    package func deleteCalendarFeed(userID: Int64) async throws -> Bool {
        try await connection.immediateTransaction("delete calendar feed") {
            try await connection.withQuery(
                "DELETE FROM calendar_feeds WHERE user_id = \(userID) RETURNING user_id",
                operation: "delete calendar feed"
            ) { statement in
                try await statement.step()
            }
        }
    }

    /// Whether the learner has a calendar feed.
    package func hasCalendarFeed(userID: Int64) async throws -> Bool {
        try await connection.withQuery(
            "SELECT 1 FROM calendar_feeds WHERE user_id = \(userID)", operation: "find calendar feed"
        ) { statement in
            try await statement.step()
        }
    }

    /// The learner whose calendar feed secret hashes to `hash`, or `nil` (never made, replaced or deleted).
    package func calendarFeedUser(hash: String) async throws -> Int64? {
        try await connection.withQuery(
            "SELECT user_id FROM calendar_feeds WHERE feed_hash = \(hash)", operation: "find calendar feed"
        ) { statement in
            try await statement.step() ? statement.int64(at: 0) : nil
        }
    }

    private func reminders(where condition: StoreQuery) async throws -> [Reminder] {
        try await connection.rows(
            """
            SELECT r.user_id, r.local_time, COALESCE(u.time_zone, 'UTC'), r.sent_day, r.updated_at
            FROM reminders r JOIN users u ON u.id = r.user_id WHERE \(condition) ORDER BY r.user_id
            """,
            operation: "read reminders"
        ) { statement in
            Reminder(
                userID: statement.int64(at: 0), localTime: statement.optionalString(at: 1),
                timeZone: statement.string(at: 2), sentDay: statement.optionalString(at: 3),
                updatedAt: Date(unixMilliseconds: statement.int64(at: 4)))
        }
    }
}

extension Store {
    package func reminder(userID: Int64) async throws -> Reminder? {
        try await read { try await $0.reminder(userID: userID) }
    }

    package func pushReminders() async throws -> [Reminder] {
        try await read { try await $0.pushReminders() }
    }

    package func setReminder(userID: Int64, localTime: String?, timeZone: String?) async throws -> Reminder {
        try await write("set reminder") {
            try await $0.setReminder(userID: userID, localTime: localTime, timeZone: timeZone)
        }
    }

    package func claimReminderDay(userID: Int64, day: String) async throws -> Bool {
        try await write("claim reminder day") { try await $0.claimReminderDay(userID: userID, day: day) }
    }

    package func reminderNeed(userID: Int64, now: Date, dayStart: Date) async throws -> (due: Int, studied: Bool) {
        try await read { try await $0.reminderNeed(userID: userID, now: now, dayStart: dayStart) }
    }

    package func replaceCalendarFeed(userID: Int64, hash: String) async throws {
        try await write("replace calendar feed") { try await $0.replaceCalendarFeed(userID: userID, hash: hash) }
    }

    package func deleteCalendarFeed(userID: Int64) async throws -> Bool {
        try await write("delete calendar feed") { try await $0.deleteCalendarFeed(userID: userID) }
    }

    package func hasCalendarFeed(userID: Int64) async throws -> Bool {
        try await read { try await $0.hasCalendarFeed(userID: userID) }
    }

    package func calendarFeedUser(hash: String) async throws -> Int64? {
        try await read { try await $0.calendarFeedUser(hash: hash) }
    }
}
