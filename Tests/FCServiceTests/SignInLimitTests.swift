import FCCore
import FCService
import FCTestSupport
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// Failed sign-ins are limited per client address, before any token is looked up; the bearer scheme is read
/// case-insensitively.
@Suite("the service: sign-in attempts (in process)")
struct SignInLimitTests {
    @Test("N wrong tokens are 401, the next is 429 with Retry-After, for that address only; valid tokens drain nothing")
    func failedAttemptsArePerAddress() async throws {
        // A refill of one attempt per ~3 hours: the bucket cannot refill during the test, however slow the machine.
        let fixture = try await ServiceUnderTest(seeded: false) {
            $0.signInFailureLimit = RateLimit(burst: 5, perSecond: 0.0001)
        }
        let ana = fixture.learnerToken
        // On a socket: the limit is per client address.
        try await fixture.serveLive { server in
            let wrong = "fcg_" + String(repeating: "A", count: 43)

            // Valid tokens between failures take nothing from the budget.
            for _ in 0..<4 {
                expectProblem(try await server.call(.GET, "/v1/me", token: wrong), status: 401, code: "unauthorized")
                #expect(try await server.call(.GET, "/v1/me", token: ana).status == 200)
            }
            expectProblem(try await server.call(.GET, "/v1/me", token: wrong), status: 401, code: "unauthorized")

            // The sixth failure is refused before the token is looked up.
            let limited = try await server.call(.GET, "/v1/me", token: wrong)
            expectProblem(limited, status: 429, code: "rate_limited")
            let retryAfter = try #require(limited.headers.first(name: "Retry-After").flatMap { Int($0) })
            #expect(retryAfter >= 1)
            #expect((limited.json["detail"] as? String)?.contains("failed sign-in attempts from this address") == true)
            // While the address's budget is empty, a valid token from it waits too (docs/api.md says why) ...
            let validButLimited = try await server.call(.GET, "/v1/me", token: ana)
            expectProblem(validButLimited, status: 429, code: "rate_limited")
            #expect(validButLimited.headers.first(name: "Retry-After") != nil)
            // ... a request without a token is 401 as always, and open routes stay open.
            expectProblem(try await server.call(.GET, "/v1/me"), status: 401, code: "unauthorized")
            #expect(try await server.call(.GET, "/healthz").status == 200)

            // Another address has a budget of its own.
            let elsewhereWrong = try await server.get("/v1/me", token: wrong, from: "127.0.0.2")
            #expect(elsewhereWrong.status == 401)
            let elsewhere = try await server.get("/v1/me", token: ana, from: "127.0.0.2")
            #expect(elsewhere.status == 200)
            let stillLimited = try await server.get("/v1/me", token: ana, from: "127.0.0.1")
            #expect(stillLimited.status == 429)
            #expect(Int(stillLimited.headers["retry-after"] ?? "") ?? 0 >= 1)
        }
    }

    @Test("Bearer, bearer and BEARER with one or more spaces are accepted; another scheme or no space is not")
    func theSchemeIsCaseInsensitive() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        let ana = fixture.learnerToken
        try await fixture.serve { server in
            for value in ["Bearer \(ana)", "bearer \(ana)", "BEARER \(ana)", "bEaReR   \(ana)", "bearer \(ana)  "] {
                let reply = try await server.call(.GET, "/v1/me", headers: [("Authorization", value)])
                #expect(reply.status == 200, "\(value.prefix(10)): \(reply.text)")
            }
            for value in ["Bearer\(ana)", "Basic \(ana)", "Bearer ", "Bearers \(ana)", "Token \(ana)"] {
                let reply = try await server.call(.GET, "/v1/me", headers: [("Authorization", value)])
                expectProblem(reply, status: 401, code: "unauthorized")
            }
        }
    }
}

/// The pieces in process: the bearer parser, the address key and the bounded limiter on a manual clock.
struct SignInPiecesTests {
    @Test func theBearerParserReadsTheSchemeCaseInsensitively() {
        #expect(BearerCredentials.token(fromAuthorization: "Bearer fcg_a") == "fcg_a")
        #expect(BearerCredentials.token(fromAuthorization: "bearer fcg_a") == "fcg_a")
        #expect(BearerCredentials.token(fromAuthorization: "BEARER \t fcg_a \t") == "fcg_a")
        #expect(BearerCredentials.token(fromAuthorization: "BEARER    fcg_a ") == "fcg_a")
        #expect(BearerCredentials.token(fromAuthorization: "  Bearer fcg_a") == "fcg_a")
        #expect(BearerCredentials.token(fromAuthorization: "Bearer") == nil)
        #expect(BearerCredentials.token(fromAuthorization: "Bearer    ") == nil)
        #expect(BearerCredentials.token(fromAuthorization: "Bearerfcg_a") == nil)
        #expect(BearerCredentials.token(fromAuthorization: "Bearér fcg_a") == nil)
        #expect(BearerCredentials.token(fromAuthorization: "Basic fcg_a") == nil)
    }

    @Test func anAddressKeyIsTheIPv4AddressOrTheIPv6Slash64() throws {
        #expect(ClientAddress(try SocketAddress(ipAddress: "192.0.2.7", port: 80)).description == "192.0.2.7")
        #expect(
            ClientAddress(try SocketAddress(ipAddress: "2001:db8:0:1:aaaa::1", port: 80)).description
                == "2001:db8:0:1::/64")
        #expect(
            ClientAddress(try SocketAddress(ipAddress: "2001:db8:0:1:bbbb::2", port: 80))
                == ClientAddress(try SocketAddress(ipAddress: "2001:db8:0:1:cccc::3", port: 443)))
        #expect(ClientAddress(try SocketAddress(ipAddress: "::ffff:192.0.2.7", port: 80)).description == "192.0.2.7")
        #expect(ClientAddress(nil).description == "unknown")
    }

    @Test func theLimiterCountsOnlyFailuresRefillsAndForgetsOldAddresses() {
        let time = ManualNow(Date(timeIntervalSince1970: 1_700_000_000))
        let limiter = SignInFailureLimiter(limit: RateLimit(burst: 3, perSecond: 0.5), now: time.now, capacity: 8)
        let one = ClientAddress(text: "192.0.2.1")
        for _ in 0..<3 {
            #expect(limiter.retryAfter(for: one) == nil)
            limiter.recordFailure(from: one)
        }
        #expect(limiter.retryAfter(for: one) == 2)
        #expect(limiter.retryAfter(for: ClientAddress(text: "192.0.2.2")) == nil)
        time.advance(by: 2)
        #expect(limiter.retryAfter(for: one) == nil)
        limiter.recordFailure(from: one)
        #expect(limiter.retryAfter(for: one) == 2)
        // Attempts that passed the check together are each counted: debt, waited off, down to one burst.
        for _ in 0..<10 { limiter.recordFailure(from: one) }
        #expect(limiter.retryAfter(for: one) == 8)

        // However many addresses fail, at most `capacity` are held; the newest stay.
        for index in 0..<100 {
            time.advance(by: 0.001)
            limiter.recordFailure(from: ClientAddress(text: "198.51.100.\(index)"))
            #expect(limiter.count <= 8)
        }
        for _ in 0..<2 { limiter.recordFailure(from: ClientAddress(text: "198.51.100.99")) }
        #expect(limiter.retryAfter(for: ClientAddress(text: "198.51.100.99")) != nil)
    }
}
