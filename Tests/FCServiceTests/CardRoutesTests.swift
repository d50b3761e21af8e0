import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Cards over HTTP: the deck page by page, and the admin's create, edit, delete and move with the CLI's rules.
@Suite("the service: cards (in process)")
struct CardRoutesTests {
    /// A CSV deck of `count` plain cards, `Question n?;Answer n`.
    static func deck(_ count: Int, prefix: String = "Question") -> String {
        (1...count).map { "\(prefix) \($0)?;Answer \($0)" }.joined(separator: "\n") + "\n"
    }

    @Test("the walk sees every card once, also when a card is added and another deleted mid-walk")
    func pagination() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.importDeck(Self.deck(120), topic: "Paging", name: "deck.csv")
        let before = try await fixture.cliCards(topic: "Paging").compactMap { $0["id"] as? Int }
        #expect(before.count == 120)
        let admin = try await fixture.token(user: "ops", admin: true)
        let learner = try await fixture.token(user: "ana")
        let other = try await fixture.token(user: "bo")
        let check = OpenAPICheck()
        try await fixture.serve { server in

            // The learner's progress shows on the card they reviewed, and only for them.
            let reviewed = before[2]
            #expect(
                try await server.call(
                    .POST, "/v1/reviews", token: learner, json: #"{"cardId": \#(reviewed), "rating": "good"}"#,
                    headers: [("Idempotency-Key", "page-1")]
                ).status == 201)

            var seen: [Int] = []
            var page = check.add(
                try await server.call(.GET, "/v1/topics/1/cards", token: learner), "CardPage", label: "p1")
            var cards = try #require(page.json["cards"] as? [[String: Any]])
            #expect(cards.count == 50)
            #expect(cards.map { $0["position"] as? Int } == (1...50).map { $0 })
            #expect(cards.first { $0["id"] as? Int == reviewed }?["progress"] as? [String: Any] != nil)
            #expect(cards.filter { $0["progress"] != nil }.count == 1)
            seen += cards.compactMap { $0["id"] as? Int }

            // Mid-walk: a card added (it goes to the end) and a card of the first page deleted (the deck closes up).
            let created = try await server.call(
                .POST, "/v1/topics/1/cards", token: admin, json: #"{"question": "Late?", "answer": "Yes"}"#)
            #expect(created.status == 201, "\(created.text)")
            let lateID = try #require((created.json["cards"] as? [[String: Any]])?.first?["id"] as? Int)
            #expect(try await server.call(.DELETE, "/v1/cards/\(before[9])", token: admin).status == 200)

            while let next = page.json["next"] as? String {
                page = check.add(
                    try await server.call(.GET, "/v1/topics/1/cards?cursor=\(next)&limit=50", token: learner),
                    "CardPage",
                    label: "page")
                cards = try #require(page.json["cards"] as? [[String: Any]])
                seen += cards.compactMap { $0["id"] as? Int }
            }
            #expect(seen.count == Set(seen).count, "a card was listed twice")
            #expect(Set(seen) == Set(before + [lateID]), "every card, the late one too, exactly once")

            let otherPage = try await server.call(.GET, "/v1/topics/1/cards?limit=200", token: other)
            let otherCards = try #require(otherPage.json["cards"] as? [[String: Any]])
            #expect(otherCards.count == 120 && otherCards.allSatisfy { $0["progress"] == nil })
            #expect(otherPage.json["next"] == nil)

            expectProblem(
                try await server.call(.GET, "/v1/topics/1/cards?limit=201", token: learner), status: 400,
                code: "bad_request", field: "limit")
            expectProblem(
                try await server.call(.GET, "/v1/topics/1/cards?cursor=nonsense", token: learner), status: 400,
                code: "bad_request", field: "cursor")
            expectProblem(
                try await server.call(.GET, "/v1/topics/42/cards", token: learner), status: 404, code: "not_found")
        }
        try await check.validate(in: fixture.directory)
    }

    @Test("create with a twin, edit with and without alsoTwin, move within and across topics, delete; 403 and 404")
    func roundTrips() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.importDeck(Self.deck(3), topic: "Algebra", name: "deck.csv")
        let admin = try await fixture.token(user: "ops", admin: true)
        let learner = try await fixture.token(user: "ana")
        let check = OpenAPICheck()
        try await fixture.serve { server in

            let created = check.add(
                try await server.call(
                    .POST, "/v1/topics/1/cards", token: admin,
                    json:
                        #"{"question": " Solve $x^2 = 4$ ", "answer": "$x = \\pm 2$", "explanation": "two roots", "reverse": true}"#
                ),
                "CardList", label: "create")
            #expect(created.status == 201, "\(created.text)")
            let pair = try #require(created.json["cards"] as? [[String: Any]])
            #expect(pair.count == 2)
            let cardID = try #require(pair[0]["id"] as? Int)
            let twinID = try #require(pair[1]["id"] as? Int)
            #expect(pair[0]["question"] as? String == "Solve $x^2 = 4$", "trimmed, as the CLI stores it")
            #expect(pair[0]["origin"] as? String == "manual" && pair[0]["position"] as? Int == 4)
            #expect(pair[1]["reverseOf"] as? Int == cardID && pair[0]["twinId"] as? Int == twinID)
            #expect(pair[1]["question"] as? String == #"$x = \pm 2$"#)

            // Without alsoTwin the twin stays; with it the twin gets the change, swapped.
            let alone = check.add(
                try await server.call(.PATCH, "/v1/cards/\(cardID)", token: admin, json: #"{"answer": "two"}"#),
                "CardEditResult", label: "edit")
            #expect(alone.json["twinUpdated"] as? Bool == false)
            #expect((alone.json["twin"] as? [String: Any])?["question"] as? String == #"$x = \pm 2$"#)
            let both = check.add(
                try await server.call(
                    .PATCH, "/v1/cards/\(cardID)", token: admin,
                    json: #"{"answer": "x = 2 or x = -2", "explanation": null, "alsoTwin": true}"#),
                "CardEditResult", label: "edit twin")
            #expect(both.json["twinUpdated"] as? Bool == true)
            let twin = try #require(both.json["twin"] as? [String: Any])
            #expect(twin["question"] as? String == "x = 2 or x = -2" && twin["explanation"] == nil)
            #expect((both.json["card"] as? [String: Any])?["explanation"] == nil)

            // The card rules, as the CLI's, with the member to fix named.
            for (body, field) in [
                (#"{"answer": ""}"#, "answer"), (#"{"question": "", "answer": "x"}"#, "question"),
                (#"{"kind": "image"}"#, "kind"),
                (#"{"question": "\#(String(repeating: "q", count: 501))"}"#, "question"),
            ] {
                expectProblem(
                    try await server.call(.PATCH, "/v1/cards/\(cardID)", token: admin, json: body), status: 422,
                    code: "bad_input", field: field)
            }
            expectProblem(
                try await server.call(
                    .POST, "/v1/topics/1/cards", token: admin,
                    json:
                        #"{"question": "Rome was founded in 753 BC.", "answer": "True", "kind": "truefalse", "reverse": true}"#
                ),
                status: 422, code: "bad_input", field: "reverse")
            expectProblem(
                try await server.call(.POST, "/v1/topics/1/cards", token: admin, json: #"{"answer": "alone"}"#),
                status: 422,
                code: "bad_input", field: "question")
            expectProblem(
                try await server.call(
                    .POST, "/v1/topics/1/cards", token: admin, json: #"{"question": "question 1?", "answer": "again"}"#),
                status: 409, code: "conflict")
            expectProblem(
                try await server.call(
                    .POST, "/v1/topics/1/cards", token: admin, json: #"{"question": 3, "answer": "x"}"#),
                status: 400, code: "bad_request", field: "question")

            // Move within the deck, then (with its twin) to another topic; the old deck closes up.
            let moved = check.add(
                try await server.call(.POST, "/v1/cards/\(cardID)/move", token: admin, json: #"{"position": 1}"#),
                "CardList", label: "move")
            #expect((moved.json["cards"] as? [[String: Any]])?.first?["position"] as? Int == 1, "\(moved.text)")
            let chemistry = try await server.call(.POST, "/v1/topics", token: admin, json: #"{"name": "Chemistry"}"#)
            let chemistryID = try #require((chemistry.json["topic"] as? [String: Any])?["id"] as? Int)
            let across = check.add(
                try await server.call(
                    .POST, "/v1/cards/\(cardID)/move", token: admin, json: #"{"topicId": \#(chemistryID)}"#),
                "CardList", label: "move topic")
            let movedCards = try #require(across.json["cards"] as? [[String: Any]])
            #expect(movedCards.map { $0["topicId"] as? Int } == [chemistryID, chemistryID])
            #expect(movedCards.map { $0["position"] as? Int } == [1, 2])
            #expect(try await fixture.cliCards(topic: "Algebra").map { $0["position"] as? Int } == [1, 2, 3])
            expectProblem(
                try await server.call(.POST, "/v1/cards/\(cardID)/move", token: admin, json: #"{"position": 9}"#),
                status: 422, code: "bad_input")
            expectProblem(
                try await server.call(.POST, "/v1/cards/\(cardID)/move", token: admin, json: #"{"topicId": 99}"#),
                status: 404, code: "not_found")

            // Delete: the twin stays as a plain card.
            check.add(
                try await server.call(.DELETE, "/v1/cards/\(cardID)", token: admin), "CardsDeleted", label: "delete")
            expectProblem(
                try await server.call(.GET, "/v1/cards/\(cardID)", token: learner), status: 404, code: "not_found")
            let orphan = check.add(
                try await server.call(.GET, "/v1/cards/\(twinID)", token: learner), "OneCard", label: "show")
            let orphanCard = try #require(orphan.json["card"] as? [String: Any])
            #expect(
                orphanCard["twinId"] == nil && orphanCard["reverseOf"] == nil && orphanCard["position"] as? Int == 1)

            // Learners read but do not write; unknown cards are 404.
            for (method, path, body) in [
                (HTTPMethod.POST, "/v1/topics/1/cards", #"{"question": "q?", "answer": "a"}"#),
                (.PATCH, "/v1/cards/\(twinID)", #"{"answer": "b"}"#),
                (.POST, "/v1/cards/\(twinID)/move", #"{"position": 1}"#),
            ] {
                expectProblem(
                    try await server.call(method, path, token: learner, json: body), status: 403, code: "forbidden")
            }
            expectProblem(
                try await server.call(.DELETE, "/v1/cards/\(twinID)", token: learner), status: 403, code: "forbidden")
            expectProblem(
                try await server.call(.PATCH, "/v1/cards/999999", token: admin, json: #"{"answer": "b"}"#), status: 404,
                code: "not_found")
            expectProblem(
                try await server.call(.DELETE, "/v1/cards/999999", token: admin), status: 404, code: "not_found")
        }
        try await check.validate(in: fixture.directory)
    }
}
