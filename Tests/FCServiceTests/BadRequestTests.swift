import FCPipeline
import FCService
import FCStore
import Foundation
import NIOHTTP1
import Testing

/// Bad input: each a 4xx problem naming what was wrong, nothing written.
@Suite("the service: bad requests (in process)")
struct BadRequestTests {
    @Test("413, 415, 400 (malformed, wrong type, unknown field, invalid UTF-8, negative limit), missing key")
    func badInput() async throws {
        let fixture = try await ServiceUnderTest(seeded: false) { $0.maxBodyBytes = 200 }
        let admin = fixture.adminToken
        try await fixture.serve { server in
            let key = [("Idempotency-Key", "k1")]

            let large = #"{"name": "\#(String(repeating: "x", count: 300))"}"#
            expectProblem(
                try await server.call(.POST, "/v1/topics", token: admin, json: large), status: 413,
                code: "payload_too_large")
            expectProblem(
                try await server.call(
                    .POST, "/v1/topics", token: admin, body: Array(#"{"name": "A"}"#.utf8), contentType: "text/plain"),
                status: 415, code: "unsupported_media_type", field: "Content-Type")
            expectProblem(
                try await server.call(.POST, "/v1/topics", token: admin, json: #"{"name": "#), status: 400,
                code: "bad_request")
            expectProblem(
                try await server.call(.POST, "/v1/topics", token: admin, json: #"{"name": 7}"#), status: 400,
                code: "bad_request", field: "name")
            expectProblem(
                try await server.call(.POST, "/v1/topics", token: admin, json: #"{"name": "A", "colour": "red"}"#),
                status: 400, code: "bad_request", field: "colour")
            expectProblem(
                try await server.call(
                    .POST, "/v1/topics", token: admin,
                    body: Array(#"{"name": ""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)),
                status: 400, code: "bad_request")
            expectProblem(
                try await server.call(
                    .POST, "/v1/topics", token: admin, json: #"{"name": "A", "refillBelow": -3, "batchSize": 2}"#),
                status: 400, code: "bad_request", field: "refillBelow")
            expectProblem(
                try await server.call(.GET, "/v1/topics/1/feed?limit=-1", token: admin), status: 400,
                code: "bad_request", field: "limit")
            expectProblem(
                try await server.call(.POST, "/v1/reviews", token: admin, json: #"{"cardId": 1, "rating": "good"}"#),
                status: 400, code: "bad_request", field: "Idempotency-Key")
            expectProblem(
                try await server.call(
                    .POST, "/v1/reviews", token: admin, json: #"{"cardId": "one", "rating": "good"}"#, headers: key),
                status: 400, code: "bad_request", field: "cardId")
            expectProblem(
                try await server.call(
                    .POST, "/v1/reviews/batch", token: admin, json: #"{"reviews": [{"cardId": 1, "rating": "meh"}]}"#,
                    headers: key),
                status: 400, code: "bad_request", field: "reviews[0].rating")
            expectProblem(
                try await server.call(
                    .POST, "/v1/reviews", token: admin, json: #"{"cardId": 4242, "rating": "good"}"#, headers: key),
                status: 404, code: "not_found")
        }
        // Nothing was written: no topic came into being.
        #expect(try await Topics.named(on: fixture.store, "A") == nil)
        #expect(try await Topics.summaries(on: fixture.store).isEmpty)
    }

    @Test("429 with Retry-After once a token's budget is spent; a revoked token is 401")
    func rateLimitAndRevocation() async throws {
        let fixture = try await ServiceUnderTest(seeded: false) { $0.rateLimit = RateLimit(burst: 3, perSecond: 0.01) }
        let learner = fixture.learnerToken
        let other = try await fixture.token(user: "bo")
        try await fixture.serve { server in
            for _ in 0..<3 { #expect(try await server.call(.GET, "/v1/me", token: learner).status == 200) }
            let limited = try await server.call(.GET, "/v1/me", token: learner)
            expectProblem(limited, status: 429, code: "rate_limited")
            #expect(Int(limited.headers.first(name: "Retry-After") ?? "") ?? 0 >= 1)
            // The budget is per token.
            #expect(try await server.call(.GET, "/v1/me", token: other).status == 200)

            // Revoked (as `fcgen token revoke` does, TokenCommandTests) while the service runs: refused at once.
            let tokens = try await APITokens.list(on: fixture.store)
            let bo = try #require(tokens.first { $0.userName == "bo" })
            _ = try await APITokens.revoke(on: fixture.store, id: bo.id)
            expectProblem(try await server.call(.GET, "/v1/me", token: other), status: 401, code: "unauthorized")
        }
    }
}
