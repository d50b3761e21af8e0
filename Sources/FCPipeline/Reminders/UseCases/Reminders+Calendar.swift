import FCCore
package import FCStore

/// The learner's secret calendar feed: stored as the SHA-256 of its secret (hashed by the caller), revoked by
/// replacing or deleting it.
extension Reminders {
    /// Stores the feed secret's hash, replacing (and so revoking) any earlier one.
    package static func replaceCalendarFeed(on store: Store, userID: Int64, hash: String) async throws {
        let time = store.now().unixMilliseconds
        try await store.write("replace calendar feed") { db in
            try await db.replaceCalendarFeed(userID: userID, hash: hash, at: time)
        }
    }

    /// Revokes the learner's calendar feed; `false` when there was none.
    package static func deleteCalendarFeed(on store: Store, userID: Int64) async throws -> Bool {
        try await store.write("delete calendar feed") { try await $0.deleteCalendarFeed(userID: userID) }
    }

    /// The learner whose feed secret hashes to `hash`, with their reminder (`nil` when never set); `nil` when no
    /// feed has this hash (never made, replaced or deleted).
    package static func calendarFeed(
        on store: Store, hash: String
    ) async throws -> (userID: Int64, reminder: Reminder?)? {
        try await store.read { db in
            guard let userID = try await db.calendarFeedUser(hash: hash) else { return nil }
            return (userID, try await db.reminder(userID: userID))
        }
    }
}
