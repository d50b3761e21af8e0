import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

extension WebAppBrowserTests {
    /// Gives the first `count` cards of `topic`'s feed, as `learner` sees it before studying (due cards, then new
    /// ones in deck order: what the feed, a new Learn session and the kept cards show first), a picture each, as
    /// `admin`: distinct one-pixel PNGs, so each is its own hash. Returns the cards' ids.
    @discardableResult
    static func picture(
        _ server: LiveServer, topic: String, cards count: Int, learner: String, admin: String
    ) async throws -> [Int] {
        let topics = try await server.call(.GET, "/v1/topics", token: learner)
        let id = try #require(
            (topics.json["topics"] as? [[String: Any]])?.first { $0["name"] as? String == topic }?["id"] as? Int,
            "no topic \(topic): \(topics.text)")
        let feed = try await server.call(.GET, "/v1/topics/\(id)/feed?limit=\(count)", token: learner)
        let cards = try #require((feed.json["cards"] as? [[String: Any]])?.compactMap { $0["id"] as? Int })
        try #require(!cards.isEmpty, "\(feed.text)")
        for card in cards {
            let put = try await server.call(
                .PUT, "/v1/cards/\(card)/image", token: admin, body: TestPictures.png(text: "card \(card)"),
                contentType: "image/png")
            try #require(put.status == 200, "\(put.text)")
        }
        let pictured = try await server.call(.GET, "/v1/topics/\(id)/feed?limit=\(count)", token: learner)
        let named = (pictured.json["cards"] as? [[String: Any]])?.filter {
            ($0["image"] as? [String: Any])?["url"] != nil
        }
        #expect(named?.count == cards.count, "the feed names every picture: \(pictured.text)")
        return cards
    }
}
