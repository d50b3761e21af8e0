import FCCore
import FCPipeline
import FCService
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The hand-written OpenAPI document and the router agree: every route registered is documented (method and path
/// template) and every documented operation is a route. Responses are checked against the schemas in
/// ``WalkthroughTests``.
@Suite("OpenAPI document")
struct OpenAPIConformanceTests {
    static func document() throws -> [String: Any] {
        let url = Repository.root.appendingPathComponent("docs/openapi.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test("routes and documented operations are the same set")
    func routesMatchDocument() async throws {
        let store = try await Store.open(path: ":memory:", now: .system)
        let environment = ServiceEnvironment(
            store: store, settings: ServiceSettings(), gamifier: Gamifier(random: RandomSource(seed: 1)),
            metrics: ServiceMetrics(),
            random: RandomSource(seed: 2))
        let routes = Set(ServiceRoutes.all(environment).map(\.signature))
        let paths = try #require(try Self.document()["paths"] as? [String: [String: Any]])
        let methods: Set<String> = ["get", "put", "post", "patch", "delete", "head", "options"]
        var documented = Set<String>()
        for (path, item) in paths {
            for method in item.keys where methods.contains(method) {
                documented.insert("\(method.uppercased()) \(path)")
            }
        }
        #expect(
            routes == documented,
            "only routed: \(routes.subtracting(documented)); only documented: \(documented.subtracting(routes))")
        #expect(routes.count >= 12)
    }
}

/// The per-token bucket on a manual clock.
@Suite("Rate limiter")
struct RateLimiterTests {
    @Test("a burst, then Retry-After until the bucket refills; tokens are independent")
    func bucket() {
        let clock = ManualNow()
        let limiter = RateLimiter(limit: RateLimit(burst: 2, perSecond: 0.5), now: clock.now)
        #expect(limiter.take(tokenID: 1) == nil)
        #expect(limiter.take(tokenID: 1) == nil)
        #expect(limiter.take(tokenID: 1) == 2)
        #expect(limiter.take(tokenID: 2) == nil)
        clock.advance(by: 1)
        #expect(limiter.take(tokenID: 1) == 1)
        clock.advance(by: 1)
        #expect(limiter.take(tokenID: 1) == nil)
        #expect(limiter.take(tokenID: 1) != nil)
    }
}
