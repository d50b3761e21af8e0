package import AsyncHTTPClient
package import FCCore
package import FCStore
package import Foundation
package import NIOCore
import NIOHTTP1

/// Sends one Web Push message (RFC 8030 section 5) to a subscription: the body encrypted for the browser
/// (``WebPushEncryption``), `Content-Encoding: aes128gcm`, a `TTL`, and the VAPID `Authorization` (``VAPID``), on
/// AsyncHTTPClient.
package struct WebPushSender: Sendable {
    /// What the push service answered.
    package enum Outcome: Sendable, Hashable {
        /// Accepted (201, or another 2xx).
        case delivered
        /// 404 or 410: the subscription expired or the browser unsubscribed; it is to be dropped (RFC 8030
        /// section 7.3).
        case gone
        /// Anything else (another status, a network error): kept, tried again on the next reminder.
        case failed(String)
    }

    package let client: HTTPClient
    package let vapid: VAPID
    package let now: Now
    /// How long the push service keeps an undelivered message (seconds): a reminder is stale after a few hours.
    package var ttl = 4 * 3600
    /// How long one request may take.
    package var timeout: TimeAmount = .seconds(30)

    package init(client: HTTPClient, vapid: VAPID, now: Now) {
        self.client = client
        self.vapid = vapid
        self.now = now
    }

    /// Encrypts `payload` for `subscription` and posts it to its endpoint.
    package func send(_ payload: Data, to subscription: PushSubscriptionRecord) async -> Outcome {
        do {
            guard let endpoint = URL(string: subscription.endpoint),
                let receiverKey = Base64URL.decode(subscription.p256dh),
                let authSecret = Base64URL.decode(subscription.auth)
            else { return .failed("the stored subscription does not parse") }
            let body = try WebPushEncryption.encrypt(payload, receiverKey: receiverKey, authSecret: authSecret)
            var request = HTTPClientRequest(url: subscription.endpoint)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/octet-stream")
            request.headers.add(name: "Content-Encoding", value: "aes128gcm")
            request.headers.add(name: "TTL", value: String(ttl))
            request.headers.add(name: "Urgency", value: "normal")
            request.headers.add(name: "Authorization", value: try vapid.authorization(endpoint: endpoint, now: now()))
            request.body = .bytes(ByteBuffer(bytes: body))
            let response = try await client.execute(request, timeout: timeout)
            // Read (and bound) the answer so the connection can be reused; its text is not needed.
            _ = try? await response.body.collect(upTo: 64 << 10)
            switch response.status.code {
            case 200..<300: return .delivered
            case 404, 410: return .gone
            default: return .failed("the push service answered \(response.status.code)")
            }
        } catch {
            return .failed(String(describing: type(of: error)))
        }
    }
}
