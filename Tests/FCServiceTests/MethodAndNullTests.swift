import FCCore
import FCPipeline
import FCService
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Two contract breaks the fuzzer found: a known path called with another method answered 404 (the document says
/// 405 with `Allow`), and `null` for a member that is not nullable was taken as absent instead of refused.
@Suite("the service: 405 with Allow, null is a wrong type (in process)")
struct MethodAndNullTests {
    @Test("the methods of a path come from the routes; parameters match one segment")
    func routeTable() async throws {
        let store = try await Store.open(path: ":memory:", now: .system)
        let environment = ServiceEnvironment(
            store: store, settings: ServiceSettings(), gamifier: Gamifier(random: RandomSource(seed: 1)),
            metrics: ServiceMetrics(), random: RandomSource(seed: 2))
        let table = RouteMethods(ServiceRoutes.all(environment))
        #expect(table.methods(forPath: "/healthz") == ["GET"])
        #expect(table.methods(forPath: "/v1/topics/7") == ["DELETE", "GET", "PATCH"])
        #expect(table.methods(forPath: "/v1/boxes/open-all") == ["POST"])
        #expect(table.methods(forPath: "/v1/topics/7/nothing").isEmpty)
        #expect(table.methods(forPath: "/v1/topics//feed").isEmpty)
    }

    @Test("over HTTP: 405 + Allow for a known path, 404 for an unknown one, 400 for null members")
    func overHTTP() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let admin = try await fixture.token(user: "ops", admin: true)
        try await fixture.serve { server in

            let delete = try await server.call(.DELETE, "/healthz")
            expectProblem(delete, status: 405, code: "method_not_allowed")
            #expect(delete.headers.first(name: "Allow") == "GET")
            let post = try await server.call(.POST, "/v1/topics/1", token: admin, json: "{}")
            expectProblem(post, status: 405, code: "method_not_allowed")
            #expect(post.headers.first(name: "Allow") == "DELETE, GET, PATCH")
            expectProblem(
                try await server.call(.GET, "/v1/topics/1/nothing", token: admin), status: 404, code: "not_found")

            for (path, member) in [
                ("/v1/cards/1/move", "position"), ("/v1/topics/1/generations", "language"), ("/v1/sessions", "mode"),
                ("/v1/topics/1/cards", "kind"), ("/v1/cards/1", "question"),
            ] {
                let method: HTTPMethod = path == "/v1/cards/1" ? .PATCH : .POST
                let body = member == "mode" ? #"{"topicIds": [1], "mode": null}"# : #"{"\#(member)": null}"#
                expectProblem(
                    try await server.call(method, path, token: admin, json: body), status: 400, code: "bad_request",
                    field: member)
            }
            let review = try await server.call(
                .POST, "/v1/reviews", token: admin, json: #"{"cardId": 1, "rating": "good", "at": null}"#,
                headers: [("Idempotency-Key", "null-at")])
            expectProblem(review, status: 400, code: "bad_request", field: "at")

            // Also found: a flag that is neither true nor false, and a quiz answer's out-of-range rating, were taken.
            for value in ["null", ""] {
                expectProblem(
                    try await server.call(.DELETE, "/v1/topics/1?force=\(value)", token: admin), status: 400,
                    code: "bad_request", field: "force")
            }
            let quiz = try await server.call(
                .POST, "/v1/sessions", token: admin, json: #"{"topicIds": [1], "mode": "quiz"}"#)
            let session = try #require(quiz.json["id"] as? Int, "\(quiz.text)")
            let card = try #require((quiz.json["next"] as? [String: Any])?["id"] as? Int, "\(quiz.text)")
            expectProblem(
                try await server.call(
                    .POST, "/v1/sessions/\(session)/answer", token: admin,
                    json: #"{"cardId": \#(card), "answer": "x", "rating": 5}"#),
                status: 400, code: "bad_request", field: "rating")
        }
    }
}
