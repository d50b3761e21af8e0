import FCCore
import FCPipeline
import FCService
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// `POST /v1/me/password` beyond the basics of ``AccountRouteTests/signingOut()``: wrong current passwords spend
/// the sign-in budgets until the change waits (429), a bearer token may change the password too, tokens outlive
/// the change, and one learner's change touches no other learner.
@Suite("the service: password changes (in process)")
struct PasswordChangeRouteTests {
    static let sameOrigin = AccountRouteTests.sameOrigin

    static func change(_ current: String, _ new: String) -> String {
        AccountRouteTests.body(["currentPassword": current, "newPassword": new])
    }

    @Test("wrong current passwords count as failed sign-ins: 403 naming the field, then 429 with Retry-After")
    func wrongCurrentPasswordsAreLimited() async throws {
        let fixture = try await ServiceUnderTest(seeded: false) {
            $0.signUp = .open
            // No refill during the test, however slow the machine.
            $0.accountFailureLimit = RateLimit(burst: 3, perSecond: 0.0001)
            $0.signInFailureLimit = RateLimit(burst: 50, perSecond: 0.0001)
        }
        try await fixture.serve { server in
            let made = try await server.call(
                .POST, "/v1/signup", json: AccountRouteTests.body(["name": "ned", "password": "correct horse"]))
            let ned = [AccountRouteTests.cookie(try AccountRouteTests.sessionID(made))] + Self.sameOrigin
            for _ in 0..<3 {
                expectProblem(
                    try await server.call(
                        .POST, "/v1/me/password", json: Self.change("wrong horse", "battery staple"), headers: ned),
                    status: 403, code: "forbidden", field: "currentPassword")
            }
            // ned's budget is spent: the right password waits too, and so does signing in as ned.
            let limited = try await server.call(
                .POST, "/v1/me/password", json: Self.change("correct horse", "battery staple"), headers: ned)
            expectProblem(limited, status: 429, code: "rate_limited")
            #expect(Int(limited.headers.first(name: "Retry-After") ?? "") ?? 0 >= 1, "\(limited.headers)")
            expectProblem(
                try await server.call(
                    .POST, "/v1/signin", json: AccountRouteTests.body(["name": "ned", "password": "correct horse"])),
                status: 429, code: "rate_limited")
            // Nothing changed: the session still works, the stored hash is the first one.
            #expect(try await server.call(.GET, "/v1/me", headers: ned).status == 200)
            let stored = try #require(try await Accounts.credentials(on: fixture.store, named: "ned"))
            #expect(try await PasswordHasher(cost: 4).verify("correct horse", against: stored.passwordHash))
        }
    }

    @Test("a token changes its learner's password; tokens and other learners' passwords and sessions stay")
    func aChangeTouchesOnlyItsLearner() async throws {
        let fixture = try await ServiceUnderTest(seeded: false) { $0.signUp = .open }
        let check = OpenAPICheck()
        try await fixture.serve { server in
            var cookies: [String: (String, String)] = [:]
            for name in ["pia", "quin"] {
                let made = try await server.call(
                    .POST, "/v1/signup", json: AccountRouteTests.body(["name": name, "password": "correct horse"]))
                cookies[name] = AccountRouteTests.cookie(try AccountRouteTests.sessionID(made))
            }
            let piaToken = try await fixture.token(user: "pia")
            // pia changes hers with a bearer token (no cross-site headers needed): every session of hers ends.
            let changed = check.add(
                try await server.call(
                    .POST, "/v1/me/password", token: piaToken, json: Self.change("correct horse", "battery staple")),
                "SessionsEnded", label: "password by token")
            #expect(changed.status == 200 && changed.json["sessionsEnded"] as? Int == 1, "\(changed.text)")
            #expect(try await server.call(.GET, "/v1/me", headers: [try #require(cookies["pia"])]).status == 401)
            #expect(try await server.call(.GET, "/v1/me", token: piaToken).status == 200, "tokens stay")
            // quin is untouched: the session, the password.
            let quin = [try #require(cookies["quin"])] + Self.sameOrigin
            #expect(try await server.call(.GET, "/v1/me", headers: quin).json["name"] as? String == "quin")
            let signIn = { (name: String, password: String) in
                try await server.call(
                    .POST, "/v1/signin", json: AccountRouteTests.body(["name": name, "password": password]))
            }
            #expect(try await signIn("quin", "correct horse").status == 200)
            expectProblem(try await signIn("quin", "battery staple"), status: 401, code: "unauthorized")
            // quin's session changing quin's password with pia's new password is refused: it is checked against
            // quin's own.
            expectProblem(
                try await server.call(
                    .POST, "/v1/me/password", json: Self.change("battery staple", "quin's new one"), headers: quin),
                status: 403, code: "forbidden", field: "currentPassword")
            #expect(try await signIn("pia", "battery staple").status == 200)
        }
        try await check.validate(in: fixture.directory)
    }
}
