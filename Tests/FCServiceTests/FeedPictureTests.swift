import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// The feed names each card's picture (`image`: hash, type, size and where the API serves it), so the web app can
/// keep it for offline study (docs/webapp.md, "Offline study"); on both engines, since the feed reads the
/// pictures of its cards in one query of its own.
@Suite("the service: pictures in the feed (in process)")
struct FeedPictureTests {
    @Test(
        "a card with a picture carries image in the feed, one without none; the url serves the bytes",
        arguments: [false, true])
    func feedNamesPictures(postgres: Bool) async throws {
        try await TestPostgresServer.onEngine(postgres: postgres, label: "feedpictures") {
            try await Self.feedNamesPictures(databaseURL: $0)
        }
    }

    private static func feedNamesPictures(databaseURL: String?) async throws {
        let fixture = try await ServiceUnderTest(cards: 3, databaseURL: databaseURL)
        let check = OpenAPICheck()
        let (pictured, plain) = (fixture.cardIDs[0], fixture.cardIDs[1])
        try await fixture.serve { server in
            let put = try await server.call(
                .PUT, "/v1/cards/\(pictured)/image", token: fixture.adminToken, body: tinyPNG, contentType: "image/png")
            #expect(put.status == 200, "\(put.text)")
            let feed = check.add(
                try await server.call(
                    .GET, "/v1/topics/\(fixture.topicID)/feed?limit=10", token: fixture.learnerToken),
                "Feed", label: "feed with a picture")
            let cards = try #require(feed.json["cards"] as? [[String: Any]], "\(feed.text)")
            let byID = Dictionary(uniqueKeysWithValues: cards.map { (($0["id"] as? Int).map(Int64.init) ?? 0, $0) })
            let image = try #require(byID[pictured]?["image"] as? [String: Any], "\(feed.text)")
            let hash = try #require(image["hash"] as? String)
            #expect(image["url"] as? String == "/v1/images/\(hash)")
            #expect(image["mimeType"] as? String == "image/png" && image["bytes"] as? Int == tinyPNG.count)
            #expect(byID[plain] != nil && byID[plain]?["image"] == nil, "\(feed.text)")
            let served = try await server.raw(.GET, "/v1/images/\(hash)", token: fixture.learnerToken)
            #expect(served.status == 200 && served.bytes == tinyPNG)
        }
        try await check.validate(in: fixture.directory)
    }
}
