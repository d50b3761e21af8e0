import FCCore
import FCPipeline
import FCService
import FCStore
import FCTestSupport
import Foundation
import Logging
import NIOHTTP1
import Testing

/// An operator's reset link over HTTP (`POST /v1/account/password-reset`, docs/api.md "Accounts"): it sets its own
/// learner's password once and signs that browser in; an unknown, used, replaced or expired code gets one answer;
/// wrong codes cost the address's sign-in budget; the code is in no response and no log line.
@Suite("the service: password reset links (in process)")
struct PasswordResetRouteTests {
    static let sameOrigin = AccountRouteTests.sameOrigin

    /// A code as `fcgen password-reset create` makes it, stored for `user` until `seconds` from `clock`'s now.
    static func reset(
        _ fixture: ServiceUnderTest, user: String, clock: ManualNow? = nil, seconds: Double = 86_400
    ) async throws -> String {
        var generator = SystemRandomNumberGenerator()
        let code = OneUseCode.passwordReset.newCode(using: &generator)
        let learner = try #require(try await Learners.named(on: fixture.store, user))
        let now = clock?.date ?? Date()
        _ = try await Accounts.createPasswordReset(
            on: fixture.store,
            userID: learner.id, hash: OneUseCode.passwordReset.hash(code), expiresAt: now.addingTimeInterval(seconds))
        return code
    }

    static func body(_ code: String, _ password: String) -> String {
        AccountRouteTests.body(["code": code, "newPassword": password])
    }

    @Test("a code sets its learner's password, ends that learner's sessions only, and signs this browser in")
    func aResetSetsThePasswordAndSignsIn() async throws {
        let fixture = try await ServiceUnderTest(seeded: false) { $0.signUp = .open }
        let check = OpenAPICheck()
        try await fixture.serve { server in
            var sessions: [String: (String, String)] = [:]
            for name in ["kai", "lia"] {
                let made = try await server.call(
                    .POST, "/v1/signup", json: AccountRouteTests.body(["name": name, "password": "correct horse"]))
                sessions[name] = AccountRouteTests.cookie(try AccountRouteTests.sessionID(made))
            }
            let kaiToken = try await fixture.token(user: "kai")
            let code = try await Self.reset(fixture, user: "kai")

            let reset = check.add(
                try await server.call(
                    .POST, "/v1/account/password-reset", json: Self.body(code, "battery staple"),
                    headers: Self.sameOrigin),
                "SignedIn", label: "password reset")
            #expect(reset.status == 200, "\(reset.text)")
            let user = reset.json["user"] as? [String: Any]
            #expect(user?["name"] as? String == "kai" && user?["isAdmin"] as? Bool == false, "\(reset.text)")
            #expect(!reset.text.contains(code), "the code is echoed")
            // Signed in: the new cookie reaches kai's data.
            let fresh = AccountRouteTests.cookie(try AccountRouteTests.sessionID(reset))
            #expect(try await server.call(.GET, "/v1/me", headers: [fresh]).json["name"] as? String == "kai")
            // kai's earlier session ended; lia's (another learner) did not; kai's token still works.
            #expect(try await server.call(.GET, "/v1/me", headers: [try #require(sessions["kai"])]).status == 401)
            #expect(try await server.call(.GET, "/v1/me", headers: [try #require(sessions["lia"])]).status == 200)
            #expect(try await server.call(.GET, "/v1/me", token: kaiToken).status == 200)
            // The new password signs kai in, the old one no longer; lia's password is what it was.
            let signIn = { (name: String, password: String) in
                try await server.call(
                    .POST, "/v1/signin", json: AccountRouteTests.body(["name": name, "password": password]))
            }
            #expect(try await signIn("kai", "battery staple").status == 200)
            expectProblem(try await signIn("kai", "correct horse"), status: 401, code: "unauthorized")
            #expect(try await signIn("lia", "correct horse").status == 200)
            expectProblem(try await signIn("lia", "battery staple"), status: 401, code: "unauthorized")

            // A learner with tokens only (ana) sets a first password the same way, then signs in with it.
            let first = try await server.call(
                .POST, "/v1/account/password-reset",
                json: Self.body(try await Self.reset(fixture, user: "ana"), "ana's password"))
            #expect(first.status == 200 && (first.json["user"] as? [String: Any])?["name"] as? String == "ana")
            #expect(try await signIn("ana", "ana's password").status == 200)
        }
        try await check.validate(in: fixture.directory)
    }

    @Test("unknown, used, replaced and expired codes get the same 403 reset_refused and change nothing")
    func unusableCodesAreRefusedAlike() async throws {
        let clock = ManualNow()
        let fixture = try await ServiceUnderTest(seeded: false, now: clock.now) { $0.signUp = .open }
        try await fixture.serve { server in
            _ = try await server.call(
                .POST, "/v1/signup", json: AccountRouteTests.body(["name": "mo", "password": "correct horse"]))
            let used = try await Self.reset(fixture, user: "mo", clock: clock)
            #expect(
                try await server.call(.POST, "/v1/account/password-reset", json: Self.body(used, "first change"))
                    .status == 200)
            let replaced = try await Self.reset(fixture, user: "mo", clock: clock)
            let newest = try await Self.reset(fixture, user: "mo", clock: clock)
            let expiring = try await Self.reset(fixture, user: "ana", clock: clock, seconds: 60)
            clock.advance(by: 60)
            let unknown = "fcr_" + String(repeating: "Z", count: 43)
            var details: Set<String> = []
            for code in [unknown, used, replaced, expiring] {
                let refused = try await server.call(
                    .POST, "/v1/account/password-reset", json: Self.body(code, "second change"))
                expectProblem(refused, status: 403, code: "reset_refused", field: "code")
                #expect(refused.headers["Set-Cookie"].isEmpty, "a refused reset signs nobody in")
                #expect(!refused.text.contains(code))
                details.insert(refused.json["detail"] as? String ?? "")
            }
            #expect(details.count == 1, "the four answers differ: \(details)")
            #expect(
                try await server.call(
                    .POST, "/v1/signin", json: AccountRouteTests.body(["name": "mo", "password": "first change"])
                ).status == 200)
            #expect(
                try await Accounts.credentials(on: fixture.store, named: "ana") == nil, "ana's expired link set nothing"
            )
            // The newest link of mo's still works.
            #expect(
                try await server.call(.POST, "/v1/account/password-reset", json: Self.body(newest, "second change"))
                    .status == 200)
        }
    }

    @Test("the body is range-checked naming the field, a cross-site page is refused, wrong codes are rate-limited")
    func badRequestsAndLimits() async throws {
        let fixture = try await ServiceUnderTest(seeded: false) {
            // No refill during the test, however slow the machine.
            $0.signInFailureLimit = RateLimit(burst: 3, perSecond: 0.0001)
        }
        try await fixture.serve { server in
            let code = try await Self.reset(fixture, user: "ana")
            let cases: [(String, String)] = [
                (Self.body(code, "short"), "newPassword"),
                (Self.body(code, String(repeating: "é", count: 37)), "newPassword"),
                (Self.body("", "correct horse"), "code"),
                (
                    Self.body(String(repeating: "c", count: OneUseCode.maxCharacters + 1), "correct horse"),
                    "code"
                ),
                (#"{"newPassword": "correct horse"}"#, "code"),
                (#"{"code": "\#(code)"}"#, "newPassword"),
                (#"{"code": "\#(code)", "newPassword": "correct horse", "name": "ops"}"#, "name"),
            ]
            for (json, field) in cases {
                let refused = try await server.call(.POST, "/v1/account/password-reset", json: json)
                expectProblem(refused, status: 400, code: "bad_request", field: field)
                #expect(!refused.text.contains(code))
            }
            expectProblem(
                try await server.call(
                    .POST, "/v1/account/password-reset", json: Self.body(code, "correct horse"),
                    headers: [("Sec-Fetch-Site", "cross-site")]),
                status: 403, code: "cross_origin")
            // None of that spent the code or the budget; three wrong codes do, then even the right one waits.
            for _ in 0..<3 {
                expectProblem(
                    try await server.call(
                        .POST, "/v1/account/password-reset",
                        json: Self.body("fcr_" + String(repeating: "W", count: 43), "correct horse")),
                    status: 403, code: "reset_refused")
            }
            let limited = try await server.call(
                .POST, "/v1/account/password-reset", json: Self.body(code, "correct horse"))
            expectProblem(limited, status: 429, code: "rate_limited")
            #expect(Int(limited.headers.first(name: "Retry-After") ?? "") ?? 0 >= 1, "\(limited.headers)")
            #expect(try await Accounts.credentials(on: fixture.store, named: "ana") == nil)
        }
    }

    @Test("the code and the new password are in no log line and no response")
    func nothingSecretIsLogged() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        let code = try await Self.reset(fixture, user: "ana")
        let password = "a secret reset horse"
        let log = LogLines()
        var logger = log.jsonLogger
        logger.logLevel = .trace
        let replies = try await fixture.serve(logger: logger) { server in
            [
                try await server.call(
                    .POST, "/v1/account/password-reset?code=\(code)", json: Self.body(code, password)),
                try await server.call(.POST, "/v1/account/password-reset", json: Self.body(code, password)),
            ].map(\.text)
        }
        #expect(log.lines.count >= 2)
        #expect(!log.text.contains(code) && !log.text.contains(password), "a log line holds a secret")
        #expect(!log.text.contains("fcr_"))
        for reply in replies { #expect(!reply.contains(code) && !reply.contains(password)) }
    }
}
