import Crypto
import FCCore
import FCPipeline
import FCService
import FCStore
import FCTestSupport
import Foundation
import Logging
import NIOHTTP1
import Testing

/// Web Push reminders (docs/api.md, "Reminders"): RFC 8291's worked example reproduced byte for byte; browsers
/// subscribing (checked strictly, only their learner's); and the reminder service, driven by a test clock and a
/// hand-moved wall clock, sending through a loopback push service that decrypts each message as the browser would
/// and checks the VAPID token (RFC 8292), on SQLite and PostgreSQL.
@Suite("the service: Web Push reminders")
struct WebPushTests {
    /// RFC 8291 appendix A.
    enum Example {
        static let plaintext = "When I grow up, I want to be a watermelon"
        static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
        static let senderPublic =
            "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
        static let receiverPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
        static let receiverPublic =
            "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
        static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
        static let auth = "BTBZMqHH6r4Tts7J_aSIgg"
        static let body =
            "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"

        static func bytes(_ text: String) throws -> Data { try #require(Base64URL.decode(text)) }
    }

    @Test("the encryption reproduces RFC 8291's worked example exactly, and the test's browser reads it")
    func rfcExample() throws {
        let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: Example.bytes(Example.senderPrivate))
        #expect(Base64URL.encode(sender.publicKey.x963Representation) == Example.senderPublic)
        let body = try WebPushEncryption.encrypt(
            Data(Example.plaintext.utf8), receiverKey: Example.bytes(Example.receiverPublic),
            authSecret: Example.bytes(Example.auth), senderKey: sender, salt: Example.bytes(Example.salt))
        #expect(Base64URL.encode(body) == Example.body)
        let browser = TestBrowser(
            key: try P256.KeyAgreement.PrivateKey(rawRepresentation: Example.bytes(Example.receiverPrivate)),
            auth: try Example.bytes(Example.auth))
        #expect(Base64URL.encode(browser.publicKey) == Example.receiverPublic)
        #expect(String(decoding: try browser.decrypt(Example.bytes(Example.body)), as: UTF8.self) == Example.plaintext)
        // A fresh key and salt each time: two encryptions of one message differ, and both decrypt.
        let first = try WebPushEncryption.encrypt(
            Data("hi".utf8), receiverKey: browser.publicKey, authSecret: browser.auth)
        let second = try WebPushEncryption.encrypt(
            Data("hi".utf8), receiverKey: browser.publicKey, authSecret: browser.auth)
        #expect(first != second && first.prefix(16) != second.prefix(16))
        #expect(try browser.decrypt(first) == Data("hi".utf8) && browser.decrypt(second) == Data("hi".utf8))
    }

    @Test("subscriptions: checked strictly, https only unless loopback http is allowed, removed only by their learner")
    func subscribing() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        let check = OpenAPICheck()
        let ana = fixture.learnerToken
        let max = try await fixture.token(user: "max")
        let browser = TestBrowser()
        try await fixture.serve { server in
            let key = check.add(try await server.call(.GET, "/v1/push/key", token: ana), "PushKey", label: "key")
            let publicKey = try #require(key.json["publicKey"] as? String)
            #expect(try Example.bytes(publicKey).count == 65)
            #expect(
                try await server.call(.GET, "/v1/push/key", token: max).json["publicKey"] as? String == publicKey,
                "one key for the whole service, kept in the database")
            expectProblem(try await server.call(.GET, "/v1/push/key"), status: 401, code: "unauthorized")

            let endpoint = "https://push.example.net/send/abc"
            let made = check.add(
                try await server.call(
                    .POST, "/v1/me/push-subscriptions", token: ana, json: browser.subscription(endpoint: endpoint)),
                "PushSubscription", label: "subscribe")
            #expect(made.status == 201, "\(made.text)")
            #expect(try await server.call(.GET, "/v1/me/reminder", token: ana).json["pushSubscriptions"] as? Int == 1)
            let good = Base64URL.encode(browser.publicKey)
            let auth = Base64URL.encode(browser.auth)
            let offCurve = Base64URL.encode(Data([4] + [UInt8](repeating: 1, count: 64)))
            for (body, field) in [
                (
                    #"{"endpoint": "http://push.example.net/x", "keys": {"p256dh": "\#(good)", "auth": "\#(auth)"}}"#,
                    "endpoint"
                ),
                (
                    #"{"endpoint": "http://127.0.0.1:9/x", "keys": {"p256dh": "\#(good)", "auth": "\#(auth)"}}"#,
                    "endpoint"
                ),
                (
                    #"{"endpoint": "push.example.net/x", "keys": {"p256dh": "\#(good)", "auth": "\#(auth)"}}"#,
                    "endpoint"
                ),
                (#"{"keys": {"p256dh": "\#(good)", "auth": "\#(auth)"}}"#, "endpoint"),
                (
                    #"{"endpoint": "\#(endpoint)", "keys": {"p256dh": "\#(offCurve)", "auth": "\#(auth)"}}"#,
                    "keys.p256dh"
                ),
                (#"{"endpoint": "\#(endpoint)", "keys": {"p256dh": "\#(auth)", "auth": "\#(auth)"}}"#, "keys.p256dh"),
                (#"{"endpoint": "\#(endpoint)", "keys": {"p256dh": "\#(good)", "auth": "\#(good)"}}"#, "keys.auth"),
                (#"{"endpoint": "\#(endpoint)", "keys": {"p256dh": "\#(good)", "auth": "a+b/"}}"#, "keys.auth"),
                (#"{"endpoint": "\#(endpoint)", "keys": "\#(good)"}"#, "keys"),
                (#"{"endpoint": "\#(endpoint)", "keys": {"p256dh": "\#(good)", "auth": "\#(auth)"}, "x": 1}"#, "x"),
            ] {
                expectProblem(
                    try await server.call(.POST, "/v1/me/push-subscriptions", token: ana, json: body), status: 400,
                    code: "bad_request", field: field)
            }
            // max cannot remove ana's browser; ana can, once.
            let remove = #"{"endpoint": "\#(endpoint)"}"#
            expectProblem(
                try await server.call(.DELETE, "/v1/me/push-subscriptions", token: max, json: remove), status: 404,
                code: "not_found")
            #expect(try await server.call(.DELETE, "/v1/me/push-subscriptions", token: ana, json: remove).status == 204)
            expectProblem(
                try await server.call(.DELETE, "/v1/me/push-subscriptions", token: ana, json: remove), status: 404,
                code: "not_found")
            #expect(try await server.call(.GET, "/v1/me/reminder", token: ana).json["pushSubscriptions"] as? Int == 0)
        }
        try await check.validate(in: fixture.directory)
    }

    @Test(
        "at the local time, with cards due and no study today, each browser gets one reminder a day; 410 drops it",
        arguments: [false, true])
    func reminders(postgres: Bool) async throws {
        let scratch = postgres ? try await TestPostgresServer.scratchDatabase(label: "reminders") : nil
        do {
            try await Self.remindersScenario(databaseURL: scratch?.url)
        } catch {
            await scratch?.drop()
            throw error
        }
        await scratch?.drop()
    }

    /// 2026-03-10 07:00 UTC, 08:00 in Berlin (CET, UTC+1).
    static let dayZero = Date(timeIntervalSince1970: 1_773_126_000)

    static func remindersScenario(databaseURL: String?) async throws {
        let time = ManualNow(dayZero)
        let fixture = try await ServiceUnderTest(cards: 3, now: time.now, databaseURL: databaseURL) {
            $0.push = PushSettings(subject: "mailto:ops@example.org", allowsLoopbackHTTP: true)
        }
        let push = try await LoopbackPushService.start(statuses: ["gone": 410])
        let (phone, laptop) = (TestBrowser(), TestBrowser())
        let ana = fixture.learnerToken
        let userID = try #require(try await Learners.named(on: fixture.store, "ana")).id
        let publicKey = try await fixture.serve { server in
            // Studied today: every card answered "again", so they are due again soon.
            for card in fixture.cardIDs {
                let answered = try await server.call(
                    .POST, "/v1/reviews", token: ana, json: #"{"cardId": \#(card), "rating": "again"}"#,
                    headers: [("Idempotency-Key", UUID().uuidString)])
                #expect(answered.status == 200 || answered.status == 201, "\(answered.text)")
            }
            _ = try await server.call(
                .PUT, "/v1/me/reminder", token: ana, json: #"{"time": "09:00", "timeZone": "Europe/Berlin"}"#)
            for (browser, name) in [(phone, "phone"), (laptop, "gone")] {
                let made = try await server.call(
                    .POST, "/v1/me/push-subscriptions", token: ana,
                    json: browser.subscription(endpoint: push.endpoint(name)))
                #expect(made.status == 201, "\(made.text)")
            }
            return try #require(try await server.call(.GET, "/v1/push/key", token: ana).json["publicKey"] as? String)
        }

        let clock = TestClock()
        var service = try await ReminderService.make(
            environment: fixture.built().environment, clock: clock, logger: ServiceUnderTest.quietLogger)
        let (rounds, sink) = AsyncStream.makeStream(of: ReminderRound.self)
        service.onRound = { sink.yield($0) }
        let running = Task { [service] in try await service.run() }
        defer { running.cancel() }
        var iterator = rounds.makeAsyncIterator()
        /// Sets the wall clock to `offset` seconds after day zero, wakes the service and returns its round.
        func wake(at offset: TimeInterval) async throws -> ReminderRound {
            time.advance(by: dayZero.addingTimeInterval(offset).timeIntervalSince(time.date))
            await clock.waitForSleepers(1)
            clock.advance(by: .seconds(60))
            return try #require(await iterator.next())
        }
        let hour = 3600.0
        let day = 86_400.0

        // 09:00 in Berlin on day zero: cards are due, but ana studied today.
        var round = try await wake(at: hour)
        var need = try await Self.need(
            fixture.store,
            userID: userID, now: time.date, dayStart: dayZero.addingTimeInterval(-8 * hour))
        #expect(need.due > 0 && need.studied)
        #expect(round == ReminderRound() && push.messages.isEmpty)
        // Day one, 08:59: not yet.
        round = try await wake(at: day + hour - 60)
        #expect(round == ReminderRound() && push.messages.isEmpty)
        // Turned off: 09:00 passes with nothing sent, though cards are due and nothing was studied.
        try await fixture.serve { server in
            _ = try await server.call(.PUT, "/v1/me/reminder", token: ana, json: #"{"time": null}"#)
        }
        round = try await wake(at: day + hour)
        need = try await Self.need(
            fixture.store,
            userID: userID, now: time.date, dayStart: dayZero.addingTimeInterval(day - 8 * hour))
        #expect(need.due > 0 && !need.studied)
        #expect(round == ReminderRound() && push.messages.isEmpty)
        // On again at 09:00: two minutes late is still today's reminder. The phone gets it; the gone browser's
        // 410 drops its subscription.
        try await fixture.serve { server in
            _ = try await server.call(
                .PUT, "/v1/me/reminder", token: ana, json: #"{"time": "09:00", "timeZone": "Europe/Berlin"}"#)
        }
        round = try await wake(at: day + hour + 120)
        #expect(round.learners == 1 && round.delivered == 1 && round.dropped == 1 && round.failed == 0, "\(round)")
        #expect(push.messages.map(\.path).sorted() == ["/push/gone", "/push/phone"])
        #expect(
            try await Reminders.subscriptions(on: fixture.store, userID: userID).map(\.endpoint) == [
                push.endpoint("phone")
            ])
        let message = try #require(push.messages.first { $0.path == "/push/phone" })
        try Self.checkMessage(message, browser: phone, push: push, publicKey: publicKey, now: time.date)
        // A minute later: today's reminder was sent.
        round = try await wake(at: day + hour + 180)
        #expect(round == ReminderRound() && push.messages.count == 2)

        // Day two at 09:00, two instances on the one database at once: one reminder between them.
        time.advance(by: dayZero.addingTimeInterval(2 * day + hour).timeIntervalSince(time.date))
        let other = try await ServiceUnderTest(sharing: fixture)
        let second = try await ReminderService.make(
            environment: other.built().environment, clock: clock, logger: ServiceUnderTest.quietLogger)
        let first = service
        async let fromFirst = first.remind(at: time.date)
        async let fromSecond = second.remind(at: time.date)
        let both = await [fromFirst, fromSecond]
        #expect(both.map(\.learners).reduce(0, +) == 1, "\(both)")
        #expect(push.messages.filter { $0.path == "/push/phone" }.count == 2)
        sink.finish()
    }

    /// Whether the learner has cards due at `now` and has reviewed anything since `dayStart`, read as the reminder
    /// service's use case reads it.
    static func need(_ store: Store, userID: Int64, now: Date, dayStart: Date) async throws -> (due: Int, studied: Bool)
    {
        try await store.read { db in
            (
                try await db.dueCardCount(userID: userID, at: now.unixMilliseconds),
                try await db.hasReviewed(userID: userID, since: dayStart.unixMilliseconds)
            )
        }
    }

    /// The message as the browser and its push service see it: the headers RFC 8030 and 8291 ask for, a VAPID
    /// token signed by the service's key for this push service's origin, and a body the browser decrypts.
    static func checkMessage(
        _ message: LoopbackPushService.Message, browser: TestBrowser, push: LoopbackPushService, publicKey: String,
        now: Date
    ) throws {
        #expect(message.headers["content-encoding"] == "aes128gcm")
        #expect(Int(message.headers["ttl"] ?? "") ?? 0 > 0)
        let authorization = try #require(message.headers["authorization"])
        let parts = try #require(authorization.wholeMatch(of: /vapid t=([A-Za-z0-9_\-.]+), k=([A-Za-z0-9_\-]+)/))
        #expect(String(parts.2) == publicKey)
        let jwt = parts.1.split(separator: ".").map(String.init)
        #expect(jwt.count == 3)
        let header = try JSONSerialization.jsonObject(with: Example.bytes(jwt[0])) as? [String: Any]
        #expect(header?["alg"] as? String == "ES256" && header?["typ"] as? String == "JWT")
        let claims = try #require(try JSONSerialization.jsonObject(with: Example.bytes(jwt[1])) as? [String: Any])
        #expect(claims["aud"] as? String == push.origin)
        #expect(claims["sub"] as? String == "mailto:ops@example.org")
        let expiry = try #require(claims["exp"] as? Int)
        #expect(expiry > Int(now.timeIntervalSince1970) && expiry <= Int(now.timeIntervalSince1970) + 86_400)
        let key = try P256.Signing.PublicKey(x963Representation: Example.bytes(publicKey))
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: Example.bytes(jwt[2]))
        #expect(key.isValidSignature(signature, for: Data((jwt[0] + "." + jwt[1]).utf8)))
        let payload = try JSONSerialization.jsonObject(with: browser.decrypt(message.body)) as? [String: Any]
        #expect(payload?["title"] as? String == "Time to study")
        #expect((payload?["body"] as? String)?.contains("cards are due") == true, "\(String(describing: payload))")
        #expect(payload?["url"] as? String == "/#/learn")
    }
}
