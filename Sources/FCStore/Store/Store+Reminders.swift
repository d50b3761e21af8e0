import FCCore
import Foundation

/// Daily reminders' rows (``ReminderRepository``; the use cases are `Reminders`', FCPipeline): the learner's time
/// and zone, the secret calendar feed, and the day claim that keeps several service instances from reminding a
/// learner twice.
extension Database {
    package func reminder(userID: Int64) async throws -> Reminder? {
        try await reminders(where: "r.user_id = \(userID)").first
    }

    package func pushReminders() async throws -> [Reminder] {
        try await reminders(
            where:
                "r.local_time IS NOT NULL AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = r.user_id)"
        )
    }

    package func upsertReminder(userID: Int64, localTime: String?, at time: Int64) async throws {
        try await connection.withQuery(
            """
            INSERT INTO reminders (user_id, local_time, updated_at) VALUES (\(userID), \(localTime), \(time))
            ON CONFLICT (user_id) DO UPDATE SET local_time = excluded.local_time, updated_at = excluded.updated_at
            """,
            operation: "set reminder"
        ) { statement in
            try await statement.run()
        }
    }

    package func claimReminderDay(userID: Int64, day: String) async throws -> Bool {
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

    package func dueCardCount(userID: Int64, at time: Int64) async throws -> Int {
        try await connection.withQuery(
            "SELECT COUNT(*) FROM card_states WHERE user_id = \(userID) AND due <= \(time)",
            operation: "count due cards"
        ) { statement in
            _ = try await statement.step()
            return Int(statement.int64(at: 0))
        }
    }

    package func hasReviewed(userID: Int64, since time: Int64) async throws -> Bool {
        try await connection.withQuery(
            "SELECT 1 FROM reviews WHERE user_id = \(userID) AND reviewed_at >= \(time) LIMIT 1",
            operation: "find today's reviews"
        ) { statement in
            try await statement.step()
        }
    }

    package func replaceCalendarFeed(userID: Int64, hash: String, at time: Int64) async throws {
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

    package func deleteCalendarFeed(userID: Int64) async throws -> Bool {
        try await connection.withQuery(
            "DELETE FROM calendar_feeds WHERE user_id = \(userID) RETURNING user_id",
            operation: "delete calendar feed"
        ) { statement in
            try await statement.step()
        }
    }

    package func hasCalendarFeed(userID: Int64) async throws -> Bool {
        try await connection.withQuery(
            "SELECT 1 FROM calendar_feeds WHERE user_id = \(userID)", operation: "find calendar feed"
        ) { statement in
            try await statement.step()
        }
    }

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
