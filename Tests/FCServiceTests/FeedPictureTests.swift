import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// The feed and a session's next card name the card's picture (`image`: hash, type, size and where the API serves
/// it), so the web app shows it on the card's faces and keeps it for offline study (docs/webapp.md, "Pictures where
/// learners study"); on both engines, since the cards and their pictures are read in one query (a `LEFT JOIN`).
@Suite("the service: pictures in the feed and in sessions (in process)")
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

    @Test(
        "a session's next card carries its picture, one without none; every document matches openapi.json",
        arguments: [false, true])
    func sessionNamesPictures(postgres: Bool) async throws {
        try await TestPostgresServer.onEngine(postgres: postgres, label: "sessionpictures") {
            try await Self.sessionNamesPictures(databaseURL: $0)
        }
    }

    private static func sessionNamesPictures(databaseURL: String?) async throws {
        let fixture = try await ServiceUnderTest(cards: 3, databaseURL: databaseURL)
        let check = OpenAPICheck()
        let pictured = fixture.cardIDs[0]
        try await fixture.serve { server in
            let put = try await server.call(
                .PUT, "/v1/cards/\(pictured)/image", token: fixture.adminToken, body: tinyPNG, contentType: "image/png")
            #expect(put.status == 200, "\(put.text)")
            var session = check.add(
                try await server.call(
                    .POST, "/v1/sessions", token: fixture.learnerToken,
                    json: #"{"topicIds": [\#(fixture.topicID)], "limit": 3}"#),
                "Session", label: "session started")
            let id = try #require(session.json["id"] as? Int, "\(session.text)")
            // Each of the 3 cards comes next once (Easy passes a card at once), in the session's order.
            var seen: [Int64: [String: Any]?] = [:]
            for _ in 0..<3 {
                let next = try #require(session.json["next"] as? [String: Any], "\(session.text)")
                let card = try #require((next["id"] as? Int).map(Int64.init))
                seen[card] = next["image"] as? [String: Any]
                session = check.add(
                    try await server.call(
                        .POST, "/v1/sessions/\(id)/answer", token: fixture.learnerToken,
                        json: #"{"cardId": \#(card), "rating": "easy"}"#),
                    "Session", label: "session answered")
                try #require(session.status == 200, "\(session.text)")
            }
            #expect(session.json["next"] == nil, "\(session.text)")
            #expect(Set(seen.keys) == Set(fixture.cardIDs), "\(seen)")
            let image = try #require(seen[pictured] ?? nil, "the pictured card came without its image: \(seen)")
            let hash = try #require(image["hash"] as? String)
            #expect(image["url"] as? String == "/v1/images/\(hash)" && image["bytes"] as? Int == tinyPNG.count)
            #expect(seen.filter { $0.key != pictured }.allSatisfy { $0.value == nil }, "\(seen)")
        }
        try await check.validate(in: fixture.directory)
    }
}
