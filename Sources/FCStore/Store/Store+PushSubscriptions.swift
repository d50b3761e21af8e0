import FCCore
import Foundation

/// Web Push's rows (``ReminderRepository``): the browsers each learner subscribed, and the service's one VAPID key.
extension Database {
    package func upsertPushSubscription(
        userID: Int64, endpoint: String, p256dh: String, auth: String, at time: Int64
    ) async throws -> Int64 {
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
            return statement.int64(at: 0)
        }
    }

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

    package func deletePushSubscription(userID: Int64, endpoint: String) async throws -> Bool {
        try await connection.withQuery(
            "DELETE FROM push_subscriptions WHERE user_id = \(userID) AND endpoint = \(endpoint) RETURNING id",
            operation: "delete push subscription"
        ) { statement in
            try await statement.step()
        }
    }

    package func deletePushSubscription(id: Int64) async throws {
        try await connection.withQuery(
            "DELETE FROM push_subscriptions WHERE id = \(id)", operation: "drop push subscription"
        ) { statement in
            try await statement.run()
        }
    }

    package func insertVapidPrivateKeyIfMissing(_ key: String, at time: Int64) async throws {
        try await connection.withQuery(
            """
            INSERT INTO vapid_keys (id, private_key, created_at) VALUES (1, \(key), \(time))
            ON CONFLICT (id) DO NOTHING
            """,
            operation: "store vapid key"
        ) { statement in
            try await statement.run()
        }
    }

    package func storedVapidPrivateKey() async throws -> String? {
        try await connection.withQuery(
            "SELECT private_key FROM vapid_keys WHERE id = 1", operation: "read vapid key"
        ) { statement in
            try await statement.step() ? statement.string(at: 0) : nil
        }
    }
}
