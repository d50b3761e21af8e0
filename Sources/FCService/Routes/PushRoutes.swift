import FCContract
import FCPipeline
import FCStore
import Foundation
import Hummingbird

/// Web Push subscriptions (docs/api.md, "Reminders"): the VAPID public key browsers subscribe with, and a learner's
/// browsers subscribing and unsubscribing with their PushSubscription JSON.
enum PushRoutes {
    static let subscribeFields: Set<String> = ["endpoint", "keys", "expirationTime"]

    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        let store = environment.store
        let settings = environment.settings
        return [
            Route(.get, "/v1/push/key", .learner) { _, context in
                _ = try context.requireLearner()
                let vapid = try await VAPID.stored(
                    in: store, subject: settings.push.effectiveSubject(publicURL: settings.publicURL))
                return try JSONResponse.make(PushKeyJSON(publicKey: vapid.publicKey))
            },
            Route(.post, "/v1/me/push-subscriptions", .learner) { request, context in
                let identity = try context.requireLearner()
                let body = try await JSONBody.read(request, allowed: subscribeFields, maxBytes: settings.maxBodyBytes)
                let endpoint = try PushSubscriptionInput.endpoint(body, settings: settings.push)
                guard case .object(let keys) = body.members["keys"] ?? .null else {
                    throw Problem.badRequest("\"keys\" must be an object with p256dh and auth", field: "keys")
                }
                let p256dh = try PushSubscriptionInput.key(keys["p256dh"], name: "keys.p256dh")
                let auth = try PushSubscriptionInput.authSecret(keys["auth"], name: "keys.auth")
                let saved = try await Reminders.subscribe(
                    on: store, userID: identity.userID, endpoint: endpoint, p256dh: p256dh, auth: auth)
                return try JSONResponse.make(
                    PushSubscriptionJSON(id: saved.id, endpoint: saved.endpoint, createdAt: saved.createdAt),
                    status: .created)
            },
            Route(.delete, "/v1/me/push-subscriptions", .learner) { request, context in
                let identity = try context.requireLearner()
                let body = try await JSONBody.read(request, allowed: ["endpoint"], maxBytes: settings.maxBodyBytes)
                let endpoint = try body.string("endpoint")
                // Another learner's subscription is not found, as any endpoint that is not the caller's.
                guard try await Reminders.unsubscribe(on: store, userID: identity.userID, endpoint: endpoint) else {
                    throw Problem.notFound("no push subscription of yours with this endpoint")
                }
                return Response(status: .noContent)
            },
        ]
    }
}

/// `GET /v1/push/key`: the `applicationServerKey` for `pushManager.subscribe`.
struct PushKeyJSON: Encodable {
    var publicKey: String
}

/// `POST /v1/me/push-subscriptions`: the stored subscription (its keys are not echoed).
struct PushSubscriptionJSON: Encodable {
    var id: Int64
    var endpoint: String
    var createdAt: Date
}
