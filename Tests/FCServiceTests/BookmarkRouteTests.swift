import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Bookmarks over HTTP: the caller's own, idempotent both ways, listed newest first, gone with their card.
@Suite("the service: bookmarks (in process)")
struct BookmarkRouteTests {
    @Test("PUT twice keeps the first time, DELETE twice is fine, the list is the caller's only, a deleted card's goes")
    func bookmarks() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.importDeck(CardRoutesTests.deck(3), topic: "Saved", name: "deck.csv")
        try await fixture.importDeck(CardRoutesTests.deck(1, prefix: "Other"), topic: "Elsewhere", name: "other.csv")
        let ids = try await fixture.cliCards(topic: "Saved").compactMap { $0["id"] as? Int }
        let otherID = try #require(try await fixture.cliCards(topic: "Elsewhere").first?["id"] as? Int)
        let admin = try await fixture.token(user: "ops", admin: true)
        let ana = try await fixture.token(user: "ana")
        let bo = try await fixture.token(user: "bo")
        let check = OpenAPICheck()
        try await fixture.serve { server in

            let first = check.add(
                try await server.call(.PUT, "/v1/cards/\(ids[0])/bookmark", token: ana), "BookmarkState", label: "put")
            #expect(first.status == 200, "\(first.text)")
            #expect(first.json["bookmarked"] as? Bool == true)
            let since = try #require(first.json["bookmarkedAt"] as? String)
            let again = try await server.call(.PUT, "/v1/cards/\(ids[0])/bookmark", token: ana)
            #expect(again.json["bookmarkedAt"] as? String == since, "a second PUT keeps the first time")
            #expect(try await server.call(.PUT, "/v1/cards/\(otherID)/bookmark", token: ana).status == 200)
            #expect(try await server.call(.PUT, "/v1/cards/\(ids[1])/bookmark", token: ana).status == 200)

            let all = check.add(try await server.call(.GET, "/v1/bookmarks", token: ana), "BookmarkList", label: "list")
            let listed = try #require(all.json["bookmarks"] as? [[String: Any]])
            #expect(all.json["total"] as? Int == 3)
            #expect(
                Set(listed.compactMap { ($0["card"] as? [String: Any])?["id"] as? Int }) == [ids[0], ids[1], otherID])
            let one = try await server.call(.GET, "/v1/bookmarks?topicId=1&limit=1", token: ana)
            #expect(one.json["total"] as? Int == 2)
            #expect((one.json["bookmarks"] as? [Any])?.count == 1)

            // Another learner has none and can't remove ana's.
            let empty = try await server.call(.GET, "/v1/bookmarks", token: bo)
            #expect(empty.json["total"] as? Int == 0)
            let boRemoves = check.add(
                try await server.call(.DELETE, "/v1/cards/\(ids[0])/bookmark", token: bo), "BookmarkState",
                label: "delete")
            #expect(boRemoves.status == 200 && boRemoves.json["bookmarked"] as? Bool == false)
            #expect(try await server.call(.GET, "/v1/bookmarks", token: ana).json["total"] as? Int == 3)

            #expect(try await server.call(.DELETE, "/v1/cards/\(ids[1])/bookmark", token: ana).status == 200)
            #expect(try await server.call(.DELETE, "/v1/cards/\(ids[1])/bookmark", token: ana).status == 200)
            #expect(try await server.call(.DELETE, "/v1/cards/\(ids[0])", token: admin).status == 200)
            let left = try await server.call(.GET, "/v1/bookmarks", token: ana)
            #expect(left.json["total"] as? Int == 1)
            #expect(
                ((left.json["bookmarks"] as? [[String: Any]])?.first?["card"] as? [String: Any])?["id"] as? Int
                    == otherID)

            expectProblem(
                try await server.call(.PUT, "/v1/cards/999999/bookmark", token: ana), status: 404, code: "not_found")
            expectProblem(
                try await server.call(.GET, "/v1/bookmarks?topicId=99", token: ana), status: 404, code: "not_found")
            expectProblem(
                try await server.call(.GET, "/v1/bookmarks?limit=0", token: ana), status: 400, code: "bad_request",
                field: "limit")
            #expect(try await server.call(.GET, "/v1/bookmarks").status == 401)
        }
        try await check.validate(in: fixture.directory)
    }
}
