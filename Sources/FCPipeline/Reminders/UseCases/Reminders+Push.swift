import FCCore
package import FCStore
package import Foundation

/// Web Push: the browsers a learner subscribed, and the service's one VAPID key.
extension Reminders {
    /// Stores the browser's subscription for the learner. An endpoint already stored (the same browser subscribing
    /// again, or after another learner signed in on it) is moved to this learner with its new keys: a push
    /// service's endpoint names one browser, and it is the browser that subscribed last that gets its reminders.
    package static func subscribe(
        on store: Store, userID: Int64, endpoint: String, p256dh: String, auth: String
    ) async throws -> PushSubscriptionRecord {
        let time = store.now().unixMilliseconds
        let id = try await store.write("save push subscription") { db in
            try await db.upsertPushSubscription(
                userID: userID, endpoint: endpoint, p256dh: p256dh, auth: auth, at: time)
        }
        return PushSubscriptionRecord(
            id: id, userID: userID, endpoint: endpoint, p256dh: p256dh, auth: auth,
            createdAt: Date(unixMilliseconds: time))
    }

    /// Deletes the learner's subscription of `endpoint` (never another learner's); `false` when there was none.
    package static func unsubscribe(on store: Store, userID: Int64, endpoint: String) async throws -> Bool {
        try await store.write("delete push subscription") { db in
            try await db.deletePushSubscription(userID: userID, endpoint: endpoint)
        }
    }

    /// Deletes a subscription the push service said is gone (404 or 410).
    package static func dropSubscription(on store: Store, id: Int64) async throws {
        try await store.write("drop push subscription") { db in try await db.deletePushSubscription(id: id) }
    }

    /// The learner's subscriptions, oldest first.
    package static func subscriptions(on store: Store, userID: Int64) async throws -> [PushSubscriptionRecord] {
        try await store.read { try await $0.pushSubscriptions(userID: userID) }
    }

    /// The service's VAPID private key (raw, base64url): the stored one, or the one `makeKey` makes, stored first.
    /// Once stored it is only read: asking takes no write transaction and makes no key. Instances starting together
    /// on one database all end up with the key the first insert stored.
    package static func vapidPrivateKey(on store: Store, makeKey: () -> String) async throws -> String {
        if let stored = try await store.read({ try await $0.storedVapidPrivateKey() }) { return stored }
        let candidate = makeKey()
        let time = store.now().unixMilliseconds
        return try await store.write("vapid key") { db in
            try await db.insertVapidPrivateKeyIfMissing(candidate, at: time)
            guard let stored = try await db.storedVapidPrivateKey() else {
                throw StoreError.corruptRow(table: "vapid_keys", column: "private_key", rowID: 1)
            }
            return stored
        }
    }
}
