import Crypto
import FCService
import FCTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// A push service on a loopback port, as a browser vendor runs one (RFC 8030): it records each message it is sent
/// (its path, headers and raw body) and answers with the status the test gave the path (201 otherwise).
final class LoopbackPushService: Sendable {
    struct Message: Sendable {
        var path: String
        /// Header names lowercased.
        var headers: [String: String]
        var body: Data
    }

    /// The messages, shared with the route.
    private final class Log: Sendable {
        let messages = Mutex<[Message]>([])
    }

    let port: Int
    private let log: Log
    private let running: Task<Void, any Error>

    private init(port: Int, log: Log, running: Task<Void, any Error>) {
        self.port = port
        self.log = log
        self.running = running
    }

    deinit { running.cancel() }

    /// The origin a VAPID token for this service names as its audience.
    var origin: String { "http://127.0.0.1:\(port)" }

    /// An endpoint on this service: `http://127.0.0.1:PORT/push/NAME`.
    func endpoint(_ name: String) -> String { "\(origin)/push/\(name)" }

    /// What was sent so far, in order.
    var messages: [Message] { log.messages.withLock { $0 } }

    /// Starts the service; `statuses` maps endpoint names to the status they answer (410 for a gone browser).
    static func start(statuses: [String: Int] = [:]) async throws -> LoopbackPushService {
        let log = Log()
        let router = Router()
        router.post("/push/{name}") { request, context -> Response in
            let name = context.parameters.get("name") ?? ""
            let body = try await request.body.collect(upTo: 1 << 16)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            log.messages.withLock {
                $0.append(Message(path: request.uri.path, headers: headers, body: Data(body.readableBytesView)))
            }
            return Response(status: HTTPResponse.Status(code: statuses[name] ?? 201))
        }
        let (port, running) = try await LoopbackListener.start { onServerRunning in
            Application(
                router: router,
                configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: nil),
                onServerRunning: onServerRunning, logger: LoopbackListener.quietLogger("fcgen.loopback-push"))
        }
        return LoopbackPushService(port: port, log: log, running: running)
    }
}

/// The browser's side of Web Push, as the test plays it: its own P-256 key pair and 16-byte auth secret, the
/// PushSubscription JSON it sends, and RFC 8291's decryption written out step by step with HMAC-SHA-256 (section
/// 3.3's HKDF by hand, not the service's code) to read what a push service received.
struct TestBrowser {
    let key: P256.KeyAgreement.PrivateKey
    let auth: Data

    init(key: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(), auth: Data? = nil) {
        self.key = key
        self.auth = auth ?? SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
    }

    var publicKey: Data { key.publicKey.x963Representation }

    /// `PushSubscription.toJSON()` for `endpoint`.
    func subscription(endpoint: String) -> String {
        #"{"endpoint": "\#(endpoint)", "expirationTime": null, "keys": {"p256dh": "\#(Base64URL.encode(publicKey))", "auth": "\#(Base64URL.encode(auth))"}}"#
    }

    /// The plaintext of an `aes128gcm` body (RFC 8188 header, one record, RFC 8291 keys).
    func decrypt(_ body: Data) throws -> Data {
        let bytes = [UInt8](body)
        guard bytes.count > 21 + 65 + 16 else { throw Failure("too short: \(bytes.count) bytes") }
        let salt = Data(bytes[0..<16])
        let recordSize = bytes[16..<20].reduce(0) { $0 << 8 | UInt32($1) }
        let idLength = Int(bytes[20])
        guard recordSize >= 18, idLength == 65 else { throw Failure("rs \(recordSize), idlen \(idLength)") }
        let senderPublic = Data(bytes[21..<(21 + idLength)])
        let record = Data(bytes[(21 + idLength)...])
        guard record.count <= Int(recordSize) else { throw Failure("a record longer than rs") }
        let shared = try key.sharedSecretFromKeyAgreement(
            with: P256.KeyAgreement.PublicKey(x963Representation: senderPublic))
        let ecdhSecret = shared.withUnsafeBytes { Data($0) }
        func hmac(_ key: Data, _ message: Data) -> Data {
            Data(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
        }
        // RFC 8291 section 3.4.
        let prkKey = hmac(auth, ecdhSecret)
        let ikm = hmac(prkKey, Data("WebPush: info".utf8) + [0] + publicKey + senderPublic + [1])
        let prk = hmac(salt, ikm)
        let cek = hmac(prk, Data("Content-Encoding: aes128gcm".utf8) + [0, 1]).prefix(16)
        let nonce = hmac(prk, Data("Content-Encoding: nonce".utf8) + [0, 1]).prefix(12)
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: nonce), ciphertext: record.dropLast(16), tag: record.suffix(16))
        var padded = [UInt8](try AES.GCM.open(box, using: SymmetricKey(data: cek)))
        while padded.last == 0 { padded.removeLast() }
        guard padded.last == 2 else { throw Failure("no last-record delimiter") }
        return Data(padded.dropLast())
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
