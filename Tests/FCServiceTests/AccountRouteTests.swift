import FCCore
import FCPipeline
import FCService
import FCStore
import FCTestSupport
import Foundation
import Logging
import NIOHTTP1
import Testing

/// Accounts over HTTP (docs/api.md, "Accounts"): sign-up in each mode, invites used once, sign-in limits, the
/// session cookie's flags, the cross-origin check, a session reaching only its learner, signing out everywhere,
/// password changes, and no secret in the log or the database.
@Suite("the service: accounts (in process)")
struct AccountRouteTests {
    /// What a page of this server sends with a state-changing request.
    static let sameOrigin = [("Sec-Fetch-Site", "same-origin")]

    /// The session id a reply's `Set-Cookie` hands out.
    static func sessionID(_ reply: Reply) throws -> String {
        let cookie = try #require(reply.headers["Set-Cookie"].first { $0.hasPrefix("fcgen_session=") })
        let value = cookie.dropFirst("fcgen_session=".count).prefix { $0 != ";" }
        return String(value)
    }

    static func cookie(_ id: String) -> (String, String) { ("Cookie", "fcgen_session=\(id)") }

    /// A JSON object of strings (an empty one if it could not be written: the request then fails visibly).
    static func body(_ members: [String: String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: members, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    @Test("open: anyone signs up and is signed in; invite: only with an unused, unexpired invite; closed: no one")
    func signUpInEachMode() async throws {
        let clock = ManualNow()
        let check = OpenAPICheck()
        let open = try await ServiceUnderTest(seeded: false, now: clock.now) { $0.signUp = .open }
        try await open.serve { server in
            let made = check.add(
                try await server.call(
                    .POST, "/v1/signup", json: Self.body(["name": "dee", "password": "correct horse"]),
                    headers: Self.sameOrigin),
                "SignedIn", label: "signup")
            #expect(made.status == 201, "\(made.text)")
            #expect((made.json["user"] as? [String: Any])?["name"] as? String == "dee")
            let me = try await server.call(.GET, "/v1/me", headers: [Self.cookie(try Self.sessionID(made))])
            #expect(me.status == 200 && me.json["name"] as? String == "dee", "\(me.text)")
            // The name is taken now, ignoring case; a token-only learner's name ("ana") is taken too.
            for name in ["DEE", "ana"] {
                expectProblem(
                    try await server.call(
                        .POST, "/v1/signup", json: Self.body(["name": name, "password": "correct horse"])),
                    status: 409, code: "conflict", field: "name")
            }
        }

        let closed = try await ServiceUnderTest(seeded: false, now: clock.now) { $0.signUp = .closed }
        try await closed.serve { server in
            expectProblem(
                try await server.call(
                    .POST, "/v1/signup", json: Self.body(["name": "eve", "password": "correct horse"])),
                status: 403, code: "signup_refused")
        }

        let invited = try await ServiceUnderTest(seeded: false, now: clock.now)
        #expect(invited.settings.signUp == .invite, "invite is the default")
        _ = try await Accounts.createInvite(
            on: invited.store,
            hash: OneUseCode.invite.hash("fci_one"), isAdmin: true, expiresAt: clock.date.addingTimeInterval(3_600))
        _ = try await Accounts.createInvite(
            on: invited.store,
            hash: OneUseCode.invite.hash("fci_short"), isAdmin: false, expiresAt: clock.date.addingTimeInterval(60))
        try await invited.serve { server in
            expectProblem(
                try await server.call(
                    .POST, "/v1/signup", json: Self.body(["name": "fay", "password": "correct horse"])),
                status: 400, code: "bad_request", field: "invite")
            let made = try await server.call(
                .POST, "/v1/signup", json: Self.body(["name": "fay", "password": "correct horse", "invite": "fci_one"]))
            #expect(made.status == 201, "\(made.text)")
            #expect((made.json["user"] as? [String: Any])?["isAdmin"] as? Bool == true, "an admin invite")
            // Used once.
            expectProblem(
                try await server.call(
                    .POST, "/v1/signup",
                    json: Self.body(["name": "gus", "password": "correct horse", "invite": "fci_one"])),
                status: 403, code: "signup_refused", field: "invite")
            #expect(try await Learners.named(on: invited.store, "gus") == nil)
            // Expired.
            clock.advance(by: 61)
            expectProblem(
                try await server.call(
                    .POST, "/v1/signup",
                    json: Self.body(["name": "gus", "password": "correct horse", "invite": "fci_short"])),
                status: 403, code: "signup_refused", field: "invite")
        }
        try await check.validate(in: invited.directory)
    }

    @Test("names and passwords are range-checked, and bcrypt's 72-byte limit refuses longer passwords")
    func namesAndPasswordsAreChecked() async throws {
        let fixture = try await ServiceUnderTest(seeded: false) { $0.signUp = .open }
        try await fixture.serve { server in
            let cases: [([String: String], String)] = [
                (["name": "hal", "password": "short"], "password"),
                (["name": "hal", "password": String(repeating: "é", count: 37)], "password"),
                (["name": "", "password": "correct horse"], "name"),
                (["name": String(repeating: "n", count: 65), "password": "correct horse"], "name"),
                (["name": "h\u{7}al", "password": "correct horse"], "name"),
            ]
            for (members, field) in cases {
                expectProblem(
                    try await server.call(.POST, "/v1/signup", json: Self.body(members)),
                    status: 400, code: "bad_request", field: field)
            }
            // 72 bytes exactly is taken.
            let longest = try await server.call(
                .POST, "/v1/signup", json: Self.body(["name": "hal", "password": String(repeating: "é", count: 36)]))
            #expect(longest.status == 201, "\(longest.text)")
        }
    }

    @Test("the cookie is HttpOnly, SameSite=Lax, Path=/, and Secure only when the public URL is https")
    func cookieFlags() async throws {
        for (url, secure) in [(nil, false), ("http://192.168.1.20:8080", false), ("https://cards.example.org", true)] {
            let fixture = try await ServiceUnderTest(seeded: false) {
                $0.signUp = .open
                $0.publicURL = url.flatMap(PublicURL.init)
            }
            try await fixture.serve { server in
                let made = try await server.call(
                    .POST, "/v1/signup", json: Self.body(["name": "ivy", "password": "correct horse"]))
                let cookie = try #require(made.headers["Set-Cookie"].first)
                let attributes = Set(
                    cookie.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) })
                #expect(attributes.contains("HttpOnly") && attributes.contains("SameSite=Lax"), "\(cookie)")
                #expect(attributes.contains("Path=/"), "\(cookie)")
                #expect(attributes.contains("Max-Age=\(30 * 86_400)"), "\(cookie)")
                #expect(attributes.contains("Secure") == secure, "\(url ?? "no URL"): \(cookie)")
                // Signing out forgets it with the same flags.
                let out = try await server.call(
                    .POST, "/v1/signout", headers: [Self.cookie(try Self.sessionID(made))] + Self.sameOrigin)
                let forgotten = try #require(out.headers["Set-Cookie"].first)
                #expect(forgotten.hasPrefix("fcgen_session=;") && forgotten.contains("Max-Age=0"), "\(forgotten)")
                #expect(forgotten.contains("Secure") == secure)
            }
        }
    }

    @Test(
        "a cookie's state-changing request needs Sec-Fetch-Site same-origin or this server's Origin; a token's does not"
    )
    func crossOriginRequestsAreRefused() async throws {
        let fixture = try await ServiceUnderTest(seeded: false) {
            $0.signUp = .open
            $0.publicURL = PublicURL("https://cards.example.org")
        }
        try await fixture.serve { server in
            let made = try await server.call(
                .POST, "/v1/signup", json: Self.body(["name": "jo", "password": "correct horse"]))
            let cookie = Self.cookie(try Self.sessionID(made))
            // Reads pass without either header.
            #expect(try await server.call(.GET, "/v1/me", headers: [cookie]).status == 200)
            let refused: [[(String, String)]] = [
                [],
                [("Origin", "https://evil.example")],
                [("Origin", "null")],
                [("Sec-Fetch-Site", "cross-site")],
                [("Sec-Fetch-Site", "same-site")],
                // Sec-Fetch-Site wins over a matching Origin.
                [("Sec-Fetch-Site", "cross-site"), ("Origin", "http://localhost")],
            ]
            for headers in refused {
                expectProblem(
                    try await server.call(.POST, "/v1/signout-everywhere", headers: [cookie] + headers),
                    status: 403, code: "cross_origin")
            }
            // Still signed in: nothing was ended.
            #expect(try await server.call(.GET, "/v1/me", headers: [cookie]).status == 200)
            for headers in [
                [("Origin", "http://localhost")], [("Origin", "https://cards.example.org")],
                [("Sec-Fetch-Site", "same-origin")],
            ] {
                let passed = try await server.call(.POST, "/v1/me/password", headers: [cookie] + headers)
                #expect(passed.status != 403, "\(headers): \(passed.text)")
            }
            // A bearer token's request is not checked.
            let withToken = try await server.call(
                .POST, "/v1/signout", token: fixture.learnerToken, headers: [("Origin", "https://evil.example")])
            #expect(withToken.status == 200, "\(withToken.text)")
            // Sign-in from another site's page is refused (login CSRF); from a script (no header) it is not.
            expectProblem(
                try await server.call(
                    .POST, "/v1/signin", json: Self.body(["name": "jo", "password": "correct horse"]),
                    headers: [("Sec-Fetch-Site", "cross-site")]),
                status: 403, code: "cross_origin")
            #expect(
                try await server.call(
                    .POST, "/v1/signin", json: Self.body(["name": "jo", "password": "correct horse"])
                ).status == 200)
        }
    }

    @Test("wrong passwords are 401 and limited per account and per address, before the password is checked")
    func failedSignInsAreLimited() async throws {
        let fixture = try await ServiceUnderTest(seeded: false) {
            $0.signUp = .open
            // Refills of one attempt per ~3 hours: nothing refills during the test, however slow the machine.
            $0.accountFailureLimit = RateLimit(burst: 3, perSecond: 0.0001)
            $0.signInFailureLimit = RateLimit(burst: 5, perSecond: 0.0001)
        }
        try await fixture.serve { server in
            for name in ["kim", "lou"] {
                let made = try await server.call(
                    .POST, "/v1/signup", json: Self.body(["name": name, "password": "correct horse"]))
                #expect(made.status == 201)
            }
            let wrong = Self.body(["name": "kim", "password": "wrong horse"])
            for _ in 0..<3 {
                expectProblem(
                    try await server.call(.POST, "/v1/signin", json: wrong), status: 401, code: "unauthorized")
            }
            // kim's budget is spent: even the right password waits.
            let limited = try await server.call(
                .POST, "/v1/signin", json: Self.body(["name": "KIM", "password": "correct horse"]))
            expectProblem(limited, status: 429, code: "rate_limited")
            #expect(Int(limited.headers.first(name: "Retry-After") ?? "") ?? 0 >= 1)
            // lou's is not; an unknown name fails like a wrong password.
            #expect(
                try await server.call(
                    .POST, "/v1/signin", json: Self.body(["name": "lou", "password": "correct horse"])
                )
                .status == 200)
            expectProblem(
                try await server.call(
                    .POST, "/v1/signin", json: Self.body(["name": "nobody", "password": "correct horse"])),
                status: 401, code: "unauthorized")
            expectProblem(
                try await server.call(
                    .POST, "/v1/signin", json: Self.body(["name": "lou", "password": "wrong horse"])),
                status: 401, code: "unauthorized")
            // Five failures from this address: now every sign-in from it waits, lou's right password too.
            expectProblem(
                try await server.call(
                    .POST, "/v1/signin", json: Self.body(["name": "lou", "password": "correct horse"])),
                status: 429, code: "rate_limited")
        }
    }

    @Test("a session reaches only its learner's data, as a token does")
    func aSessionReachesOnlyItsLearner() async throws {
        let fixture = try await ServiceUnderTest(seeded: false) { $0.signUp = .open }
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        try await fixture.serve { server in
            let made = try await server.call(
                .POST, "/v1/signup", json: Self.body(["name": "max", "password": "correct horse"]))
            let max = [Self.cookie(try Self.sessionID(made))] + Self.sameOrigin
            // ana (a token) starts a session and bookmarks a card; max's cookie reaches neither.
            let started = try await server.call(
                .POST, "/v1/sessions", token: fixture.learnerToken, json: #"{"topicIds": [1], "limit": 3}"#)
            #expect(started.status == 201, "\(started.text)")
            let id = try #require(started.json["id"] as? Int)
            let card = try #require((started.json["next"] as? [String: Any])?["id"] as? Int)
            #expect(
                try await server.call(.PUT, "/v1/cards/\(card)/bookmark", token: fixture.learnerToken).status == 200)
            expectProblem(
                try await server.call(.GET, "/v1/sessions/\(id)", headers: max), status: 404, code: "not_found")
            expectProblem(
                try await server.call(
                    .POST, "/v1/sessions/\(id)/answer", json: #"{"cardId": \#(card), "rating": "good"}"#,
                    headers: max),
                status: 404, code: "not_found")
            let bookmarks = try await server.call(.GET, "/v1/bookmarks", headers: max)
            #expect(
                bookmarks.status == 200 && (bookmarks.json["bookmarks"] as? [Any])?.isEmpty == true, "\(bookmarks.text)"
            )
            // Reminders: ana's time, calendar feed and browsers are not max's to read or remove.
            let reminder = #"{"time": "07:30", "timeZone": "Europe/Berlin"}"#
            #expect(
                try await server.call(.PUT, "/v1/me/reminder", token: fixture.learnerToken, json: reminder).status
                    == 200)
            #expect(try await server.call(.POST, "/v1/me/reminder/calendar", token: fixture.learnerToken).status == 201)
            let endpoint = "https://push.example.net/send/ana"
            #expect(
                try await server.call(
                    .POST, "/v1/me/push-subscriptions", token: fixture.learnerToken,
                    json: TestBrowser().subscription(endpoint: endpoint)
                ).status == 201)
            let maxReminder = try await server.call(.GET, "/v1/me/reminder", headers: max)
            #expect(maxReminder.status == 200 && maxReminder.json["time"] == nil, "\(maxReminder.text)")
            #expect(
                maxReminder.json["calendar"] as? Bool == false && maxReminder.json["pushSubscriptions"] as? Int == 0)
            expectProblem(
                try await server.call(.DELETE, "/v1/me/reminder/calendar", headers: max), status: 404, code: "not_found"
            )
            expectProblem(
                try await server.call(
                    .DELETE, "/v1/me/push-subscriptions", json: #"{"endpoint": "\#(endpoint)"}"#, headers: max),
                status: 404, code: "not_found")
            let anaReminder = try await server.call(.GET, "/v1/me/reminder", token: fixture.learnerToken)
            #expect(anaReminder.json["calendar"] as? Bool == true && anaReminder.json["pushSubscriptions"] as? Int == 1)
            let me = try await server.call(.GET, "/v1/me", headers: max)
            #expect(me.json["name"] as? String == "max" && me.json["isAdmin"] as? Bool == false)
            // A learner's session may not do what an admin token does.
            expectProblem(
                try await server.call(.POST, "/v1/topics", json: #"{"name": "Mine"}"#, headers: max),
                status: 403, code: "forbidden")
        }
    }

    @Test("sign out ends this session; everywhere ends them all; a password change ends the others")
    func signingOut() async throws {
        let fixture = try await ServiceUnderTest(seeded: false) { $0.signUp = .open }
        let check = OpenAPICheck()
        try await fixture.serve { server in
            let credentials = Self.body(["name": "ned", "password": "correct horse"])
            _ = try await server.call(.POST, "/v1/signup", json: credentials)
            var sessions: [(String, String)] = []
            for _ in 0..<3 {
                let signedIn = check.add(
                    try await server.call(.POST, "/v1/signin", json: credentials), "SignedIn", label: "signin")
                sessions.append(Self.cookie(try Self.sessionID(signedIn)))
            }
            // One signs out: only it ends.
            let out = check.add(
                try await server.call(.POST, "/v1/signout", headers: [sessions[0]] + Self.sameOrigin),
                "SessionsEnded", label: "signout")
            #expect(out.json["sessionsEnded"] as? Int == 1)
            let ended = try await server.call(.GET, "/v1/me", headers: [sessions[0]])
            expectProblem(ended, status: 401, code: "unauthorized")
            #expect(ended.headers["Set-Cookie"].first?.hasPrefix("fcgen_session=;") == true, "forget the cookie")
            #expect(try await server.call(.GET, "/v1/me", headers: [sessions[1]]).status == 200)

            // A password change: the wrong current password is refused; the right one ends the other sessions.
            let change = { (current: String, new: String) in
                Self.body(["currentPassword": current, "newPassword": new])
            }
            expectProblem(
                try await server.call(
                    .POST, "/v1/me/password", json: change("wrong horse", "battery staple"),
                    headers: [sessions[1]] + Self.sameOrigin),
                status: 403, code: "forbidden", field: "currentPassword")
            expectProblem(
                try await server.call(
                    .POST, "/v1/me/password", json: #"{"newPassword": "battery staple"}"#,
                    headers: [sessions[1]] + Self.sameOrigin),
                status: 400, code: "bad_request", field: "currentPassword")
            let changed = check.add(
                try await server.call(
                    .POST, "/v1/me/password", json: change("correct horse", "battery staple"),
                    headers: [sessions[1]] + Self.sameOrigin),
                "SessionsEnded", label: "password")
            // The other sessions: sessions[2] and the one sign-up started.
            #expect(changed.status == 200 && changed.json["sessionsEnded"] as? Int == 2, "\(changed.text)")
            #expect(try await server.call(.GET, "/v1/me", headers: [sessions[1]]).status == 200)
            #expect(try await server.call(.GET, "/v1/me", headers: [sessions[2]]).status == 401)
            expectProblem(
                try await server.call(.POST, "/v1/signin", json: credentials), status: 401, code: "unauthorized")
            let again = try await server.call(
                .POST, "/v1/signin", json: Self.body(["name": "ned", "password": "battery staple"]))
            #expect(again.status == 200)

            // Everywhere: this session and the other both end.
            let everywhere = try await server.call(
                .POST, "/v1/signout-everywhere", headers: [sessions[1]] + Self.sameOrigin)
            #expect(everywhere.json["sessionsEnded"] as? Int == 2, "\(everywhere.text)")
            #expect(try await server.call(.GET, "/v1/me", headers: [sessions[1]]).status == 401)
            #expect(
                try await server.call(.GET, "/v1/me", headers: [Self.cookie(try Self.sessionID(again))]).status == 401)

            // A token-only learner sets a first password with the token, then signs in with it.
            // What it sends is range-checked even with no password to compare it with.
            for current in ["", String(repeating: "x", count: 73)] {
                expectProblem(
                    try await server.call(
                        .POST, "/v1/me/password", token: fixture.learnerToken,
                        json: Self.body(["currentPassword": current, "newPassword": "ana's password"])),
                    status: 400, code: "bad_request", field: "currentPassword")
            }
            let first = try await server.call(
                .POST, "/v1/me/password", token: fixture.learnerToken, json: #"{"newPassword": "ana's password"}"#)
            #expect(first.status == 200, "\(first.text)")
            #expect(
                try await server.call(
                    .POST, "/v1/signin", json: Self.body(["name": "ana", "password": "ana's password"])
                )
                .status == 200)
        }
        try await check.validate(in: fixture.directory)
    }

    @Test("a learner creates, lists and revokes their own tokens; not another learner's, not the calling token")
    func personalTokens() async throws {
        let fixture = try await ServiceUnderTest(seeded: false) { $0.signUp = .open }
        let check = OpenAPICheck()
        try await fixture.serve { server in
            let made = try await server.call(
                .POST, "/v1/signup", json: Self.body(["name": "pia", "password": "correct horse"]))
            let pia = [Self.cookie(try Self.sessionID(made))] + Self.sameOrigin
            let created = check.add(
                try await server.call(.POST, "/v1/me/tokens", json: #"{"expiresInDays": 30}"#, headers: pia),
                "CreatedPersonalToken", label: "create token")
            #expect(created.status == 201, "\(created.text)")
            let secret = try #require(created.json["secret"] as? String)
            let id = try #require((created.json["token"] as? [String: Any])?["id"] as? Int)
            let madeToken = created.json["token"] as? [String: Any]
            #expect(madeToken?["isAdmin"] as? Bool == false, "the sign-in answer's spelling")
            #expect(madeToken?["admin"] as? Bool == false, "and the old one, deprecated, until schemaVersion 4")
            #expect((created.json["token"] as? [String: Any])?["user"] as? String == "pia", "the CLI's token shape")
            // The new token works, and is pia's.
            #expect(try await server.call(.GET, "/v1/me", token: secret).json["name"] as? String == "pia")
            let listed = check.add(
                try await server.call(.GET, "/v1/me/tokens", headers: pia), "PersonalTokenList", label: "list tokens")
            #expect((listed.json["tokens"] as? [[String: Any]])?.map { $0["id"] as? Int } == [id])
            #expect(!listed.text.contains(secret))
            for days in ["0", "3651", "1.5", "null"] {
                expectProblem(
                    try await server.call(.POST, "/v1/me/tokens", json: #"{"expiresInDays": \#(days)}"#, headers: pia),
                    status: 400, code: "bad_request", field: "expiresInDays")
            }
            // ana's tokens are not pia's to see or revoke; a token does not revoke itself.
            let anas = try await server.call(.GET, "/v1/me/tokens", token: fixture.learnerToken)
            #expect((anas.json["tokens"] as? [Any])?.count == 1)
            expectProblem(
                try await server.call(.DELETE, "/v1/me/tokens/\(id)", token: fixture.learnerToken),
                status: 404, code: "not_found")
            expectProblem(
                try await server.call(.DELETE, "/v1/me/tokens/\(id)", token: secret), status: 409, code: "conflict")
            let revoked = check.add(
                try await server.call(.DELETE, "/v1/me/tokens/\(id)", headers: pia), "RevokedPersonalToken",
                label: "revoke token")
            #expect((revoked.json["token"] as? [String: Any])?["revokedAt"] != nil, "\(revoked.text)")
            expectProblem(try await server.call(.GET, "/v1/me", token: secret), status: 401, code: "unauthorized")
        }
        try await check.validate(in: fixture.directory)
    }

    @Test("passwords, session ids and invite codes are in no log line, and the database holds only their hashes")
    func nothingSecretIsLoggedOrStored() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        let invite = "fci_" + String(repeating: "Q", count: 43)
        _ = try await Accounts.createInvite(
            on: fixture.store,
            hash: OneUseCode.invite.hash(invite), isAdmin: false, expiresAt: Date().addingTimeInterval(3_600))
        let password = "a very secret horse"
        let log = LogLines()
        var logger = log.jsonLogger
        logger.logLevel = .trace
        let session = try await fixture.serve(logger: logger) { server in
            let made = try await server.call(
                .POST, "/v1/signup", json: Self.body(["name": "ora", "password": password, "invite": invite]))
            #expect(made.status == 201, "\(made.text)")
            let id = try Self.sessionID(made)
            #expect(try await server.call(.GET, "/v1/me", headers: [Self.cookie(id)]).status == 200)
            _ = try await server.call(.POST, "/v1/signin", json: Self.body(["name": "ora", "password": "wrong horse"]))
            _ = try await server.call(
                .POST, "/v1/me/password", json: Self.body(["currentPassword": password, "newPassword": password]),
                headers: [Self.cookie(id)] + Self.sameOrigin)
            return id
        }
        #expect(log.lines.count >= 4)
        for secret in [password, "wrong horse", session, invite] {
            #expect(!log.text.contains(secret), "a log line holds a secret")
        }
        // The store: the session's SHA-256, a bcrypt hash, the invite's SHA-256; the clear texts nowhere in the files.
        #expect(try await fixture.store.read { try await $0.loginSession(hash: SessionCookie.hash(session)) } != nil)
        let stored = try #require(try await Accounts.credentials(on: fixture.store, named: "ora"))
        #expect(stored.passwordHash.hasPrefix("$2b$04$"))
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture.database.directory)
        for file in files where file.hasPrefix(URL(fileURLWithPath: fixture.database.path).lastPathComponent) {
            let bytes = try Data(
                contentsOf: URL(fileURLWithPath: fixture.database.directory).appendingPathComponent(file))
            for secret in [password, session, invite] {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file) holds a secret in clear")
            }
        }
    }
}
