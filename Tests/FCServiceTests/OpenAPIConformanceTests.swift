import FCCore
import FCPipeline
import FCService
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The hand-written OpenAPI document, as the tests read it. ``RouteTableTests`` compares it with the router's route
/// table; responses are checked against its schemas through ``OpenAPICheck``.
enum OpenAPIConformanceTests {
    static func document() throws -> [String: Any] {
        let url = Repository.root.appendingPathComponent("docs/openapi.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
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
