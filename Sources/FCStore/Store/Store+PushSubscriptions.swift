import FCCore
package import Foundation

/// Web Push (schema version 29): the browsers each learner subscribed, and the service's one VAPID key.
extension Database {
    /// Stores the browser's subscription for the learner. An endpoint already stored (the same browser subscribing
    /// again, or after another learner signed in on it) is moved to this learner with its new keys: a push
    /// service's endpoint names one browser, and it is the browser that subscribed last that gets its reminders.
    package func savePushSubscription(userID: Int64, endpoint: String, p256dh: String, auth: String) async throws
        -> PushSubscriptionRecord
    {
        let time = now().unixMilliseconds
        return try await connection.immediateTransaction("save push subscription") {
            try await connection.withQuery(
                """
                INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
                VALUES (\(userID), \(endpoint), \(p256dh), \(auth), \(time))
                ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh,
                    auth = excluded.auth, created_at = excluded.created_at
                RETURNING id
                """,
                operation: "save push subscription"
            ) { statement in
                _ = try await statement.step()
                return PushSubscriptionRecord(
                    id: statement.int64(at: 0), userID: userID, endpoint: endpoint, p256dh: p256dh, auth: auth,
                    createdAt: Date(unixMilliseconds: time))
            }
        }
    }

    /// The learner's subscriptions, oldest first.
    package func pushSubscriptions(userID: Int64) async throws -> [PushSubscriptionRecord] {
        try await connection.rows(
            """
            SELECT id, user_id, endpoint, p256dh, auth, created_at FROM push_subscriptions
            WHERE user_id = \(userID) ORDER BY id
            """,
            operation: "read push subscriptions"
        ) { statement in
            PushSubscriptionRecord(
                id: statement.int64(at: 0), userID: statement.int64(at: 1), endpoint: statement.string(at: 2),
                p256dh: statement.string(at: 3), auth: statement.string(at: 4),
                createdAt: Date(unixMilliseconds: statement.int64(at: 5)))
        }
    }

    /// Deletes the learner's subscription of `endpoint` (never another learner's); `false` when there was none.
    package func deletePushSubscription(userID: Int64, endpoint: String) async throws -> Bool {
        try await connection.immediateTransaction("delete push subscription") {
            try await connection.withQuery(
                """
                DELETE FROM push_subscriptions WHERE user_id = \(userID) AND endpoint = \(endpoint) RETURNING id
                """,
                operation: "delete push subscription"
            ) { statement in
                try await statement.step()
            }
        }
    }

    /// Deletes a subscription the push service said is gone (404 or 410).
    package func deletePushSubscription(id: Int64) async throws {
        try await connection.immediateTransaction("drop push subscription") {
            try await connection.withQuery(
                "DELETE FROM push_subscriptions WHERE id = \(id)", operation: "drop push subscription"
            ) { statement in
                try await statement.run()
            }
        }
    }

    /// The service's VAPID private key (raw, base64url): the stored one, or `candidate` stored first when there is
    /// none. Instances starting together on one database all end up with the key the first insert stored.
    package func vapidPrivateKey(candidate: String) async throws -> String {
        let time = now().unixMilliseconds
        return try await connection.immediateTransaction("vapid key") {
            try await connection.withQuery(
                """
                INSERT INTO vapid_keys (id, private_key, created_at) VALUES (1, \(candidate), \(time))
                ON CONFLICT (id) DO NOTHING
                """,
                operation: "store vapid key"
            ) { statement in
                try await statement.run()
            }
            guard let stored = try await storedVapidPrivateKey() else {
                throw StoreError.corruptRow(table: "vapid_keys", column: "private_key", rowID: 1)
            }
            return stored
        }
    }

    /// The VAPID private key stored, if one is.
    package func storedVapidPrivateKey() async throws -> String? {
        try await connection.withQuery(
            "SELECT private_key FROM vapid_keys WHERE id = 1", operation: "read vapid key"
        ) { statement in
            try await statement.step() ? statement.string(at: 0) : nil
        }
    }
}

extension Store {
    package func savePushSubscription(userID: Int64, endpoint: String, p256dh: String, auth: String) async throws
        -> PushSubscriptionRecord
    {
        try await write("save push subscription") {
            try await $0.savePushSubscription(userID: userID, endpoint: endpoint, p256dh: p256dh, auth: auth)
        }
    }

    package func pushSubscriptions(userID: Int64) async throws -> [PushSubscriptionRecord] {
        try await read { try await $0.pushSubscriptions(userID: userID) }
    }

    package func deletePushSubscription(userID: Int64, endpoint: String) async throws -> Bool {
        try await write("delete push subscription") {
            try await $0.deletePushSubscription(userID: userID, endpoint: endpoint)
        }
    }

    package func deletePushSubscription(id: Int64) async throws {
        try await write("drop push subscription") { try await $0.deletePushSubscription(id: id) }
    }

    package func vapidPrivateKey(candidate: String) async throws -> String {
        try await write("vapid key") { try await $0.vapidPrivateKey(candidate: candidate) }
    }

    package func storedVapidPrivateKey() async throws -> String? {
        try await read { try await $0.storedVapidPrivateKey() }
    }
}
