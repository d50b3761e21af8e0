import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Free and quiz sessions over HTTP never show a card the learner suspended or buried.
@Suite("the service: practice sessions and held-back cards (in process)")
struct PracticeSessionTests {
    @Test("a suspended and a buried card never appear in free or quiz sessions; another learner still gets them")
    func heldBackCardsStayOut() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let ana = try await fixture.token(user: "ana")
        let bo = try await fixture.token(user: "bo")
        try await fixture.serve { server in
            let deck = try await server.call(.GET, "/v1/topics/1/cards?limit=200", token: ana)
            let all = Set((deck.json["cards"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int })
            try #require(all.count >= 4)

            // Suspend the first card of a spaced session and bury the next.
            let spaced = try await server.call(
                .POST, "/v1/sessions", token: ana, json: #"{"topicIds": [1], "limit": 5}"#)
            let sessionID = try #require(spaced.json["id"] as? Int)
            let suspended = try #require((spaced.json["next"] as? [String: Any])?["id"] as? Int)
            let afterSuspend = try await server.call(
                .POST, "/v1/sessions/\(sessionID)/suspend", token: ana, json: #"{"cardId": \#(suspended)}"#)
            #expect(afterSuspend.status == 200, "\(afterSuspend.text)")
            let buried = try #require((afterSuspend.json["next"] as? [String: Any])?["id"] as? Int)
            let afterBury = try await server.call(
                .POST, "/v1/sessions/\(sessionID)/bury", token: ana, json: #"{"cardId": \#(buried)}"#)
            #expect(afterBury.status == 200, "\(afterBury.text)")
            let expected = all.subtracting([suspended, buried])

            for mode in ["free", "quiz"] {
                // Several sessions: each is a fresh shuffle of the deck.
                for _ in 0..<3 {
                    let shown = try await walk(server, token: ana, mode: mode)
                    #expect(shown.count == expected.count, "\(mode): \(shown)")
                    #expect(
                        Set(shown) == expected, "\(mode) showed \(shown.sorted()), held back \([suspended, buried])")
                }
                let theirs = try await walk(server, token: bo, mode: mode)
                #expect(Set(theirs) == all, "\(mode): bo suspended and buried nothing")
            }
        }
    }

    /// Starts a session of `mode` over the whole deck and answers every card; returns the cards shown, in order.
    private func walk(_ server: InProcessServer, token: String, mode: String) async throws -> [Int] {
        let started = try await server.call(
            .POST, "/v1/sessions", token: token, json: #"{"topicIds": [1], "limit": 100, "mode": "\#(mode)"}"#)
        #expect(started.status == 201, "\(started.text)")
        let id = try #require(started.json["id"] as? Int)
        let total = try #require(started.json["total"] as? Int)
        var shown: [Int] = []
        var next = (started.json["next"] as? [String: Any])?["id"] as? Int
        while let card = next, shown.count <= total {
            shown.append(card)
            let answer = mode == "quiz" ? #""answer": "x""# : #""rating": "good""#
            let reply = try await server.call(
                .POST, "/v1/sessions/\(id)/answer", token: token, json: #"{"cardId": \#(card), \#(answer)}"#)
            #expect(reply.status == 200, "\(reply.text)")
            next = (reply.json["next"] as? [String: Any])?["id"] as? Int
        }
        #expect(shown.count == total)
        return shown
    }
}
