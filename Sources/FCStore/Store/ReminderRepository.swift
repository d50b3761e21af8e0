/// The reads and writes of daily reminders, each inside the transaction a ``Store/write(_:patience:_:)`` (or
/// ``Store/read(_:)``) hands out: the learner's reminder time and zone (`reminders`, `users.time_zone`), the day
/// claim, the secret calendar feed (`calendar_feeds`), the browsers subscribed to Web Push (`push_subscriptions`)
/// and the service's VAPID key (`vapid_keys`). SQL and rows only: when a learner is reminded, what a subscription
/// replaces and which key wins are the use cases' in FCPipeline's `Reminders/UseCases`. ``Database`` implements it
/// on both engines.
package protocol ReminderRepository: ~Copyable {
    // MARK: Reminders

    /// The learner's reminder, or `nil` when they never set one.
    func reminder(userID: Int64) async throws -> Reminder?
    /// Every reminder that is on of a learner with at least one push subscription.
    func pushReminders() async throws -> [Reminder]
    /// Sets the learner's reminder time (`nil`: off), keeping the day already claimed.
    func upsertReminder(userID: Int64, localTime: String?, at time: Int64) async throws
    /// Sets (or with `nil` clears) the learner's time zone identifier.
    func setTimeZone(_ identifier: String?, userID: Int64) async throws
    /// Sets the reminder's sent day to `day` when the reminder is on and `day` is not sent yet; whether it changed
    /// (one conditional `UPDATE`: of callers racing in any instance, one wins).
    func claimReminderDay(userID: Int64, day: String) async throws -> Bool
    /// How many of the learner's cards are due at `time` (Unix milliseconds).
    func dueCardCount(userID: Int64, at time: Int64) async throws -> Int
    /// Whether the learner reviewed anything at or after `time` (Unix milliseconds).
    func hasReviewed(userID: Int64, since time: Int64) async throws -> Bool

    // MARK: Calendar feeds

    /// Stores the learner's calendar feed secret's hash, replacing any earlier one.
    func replaceCalendarFeed(userID: Int64, hash: String, at time: Int64) async throws
    /// Deletes the learner's calendar feed; `false` when there was none.
    func deleteCalendarFeed(userID: Int64) async throws -> Bool
    /// Whether the learner has a calendar feed.
    func hasCalendarFeed(userID: Int64) async throws -> Bool
    /// The learner whose calendar feed secret hashes to `hash`, or `nil`.
    func calendarFeedUser(hash: String) async throws -> Int64?

    // MARK: Web Push

    /// Stores a subscription, or moves the stored one of that endpoint to this learner with its new keys; its id.
    func upsertPushSubscription(userID: Int64, endpoint: String, p256dh: String, auth: String, at time: Int64)
        async throws -> Int64
    /// The learner's subscriptions, oldest first.
    func pushSubscriptions(userID: Int64) async throws -> [PushSubscriptionRecord]
    /// Deletes the learner's subscription of `endpoint` (never another learner's); `false` when there was none.
    func deletePushSubscription(userID: Int64, endpoint: String) async throws -> Bool
    /// Deletes a subscription.
    func deletePushSubscription(id: Int64) async throws
    /// Stores `key` as the VAPID private key unless one is stored.
    func insertVapidPrivateKeyIfMissing(_ key: String, at time: Int64) async throws
    /// The VAPID private key stored, if one is.
    func storedVapidPrivateKey() async throws -> String?
}

extension Database: ReminderRepository {}
