import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Several cards of a deck deleted in one request (the web app's multi-select): all or nothing.
@Suite("the service: deleting a selection of cards (in process)")
struct CardSelectionTests {
    @Test("a selection goes in one transaction; a card of another deck, an unknown id or a bad body deletes nothing")
    func bulkDelete() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.importDeck(CardRoutesTests.deck(6), topic: "Kept", name: "deck.csv")
        try await fixture.importDeck(CardRoutesTests.deck(2, prefix: "Other"), topic: "Elsewhere", name: "other.csv")
        let ids = try await fixture.cliCards(topic: "Kept").compactMap { $0["id"] as? Int }
        let otherIDs = try await fixture.cliCards(topic: "Elsewhere").compactMap { $0["id"] as? Int }
        #expect(ids.count == 6 && otherIDs.count == 2)
        let admin = try await fixture.token(user: "ops", admin: true)
        let learner = try await fixture.token(user: "ana")
        let check = OpenAPICheck()
        try await fixture.serve { server in

            // Refused selections: nothing of either deck goes.
            expectProblem(
                try await server.call(
                    .POST, "/v1/topics/1/cards/delete", token: admin, json: #"{"ids": [\#(ids[0]), \#(otherIDs[0])]}"#),
                status: 404, code: "not_found")
            expectProblem(
                try await server.call(
                    .POST, "/v1/topics/1/cards/delete", token: admin, json: #"{"ids": [\#(ids[1]), 999999]}"#),
                status: 404, code: "not_found")
            for body in [#"{"ids": []}"#, #"{"ids": [0]}"#, #"{"ids": ["1"]}"#, #"{"ids": 1}"#, #"{"id": [1]}"#] {
                let answer = try await server.call(.POST, "/v1/topics/1/cards/delete", token: admin, json: body)
                #expect(answer.status == 400, "\(body) → \(answer.status)")
            }
            let tooMany = "{\"ids\": [" + (1...501).map(String.init).joined(separator: ",") + "]}"
            expectProblem(
                try await server.call(.POST, "/v1/topics/1/cards/delete", token: admin, json: tooMany), status: 400,
                code: "bad_request", field: "ids")
            expectProblem(
                try await server.call(
                    .POST, "/v1/topics/1/cards/delete", token: learner, json: #"{"ids": [\#(ids[0])]}"#),
                status: 403, code: "forbidden")
            expectProblem(
                try await server.call(
                    .POST, "/v1/topics/9/cards/delete", token: admin, json: #"{"ids": [\#(ids[0])]}"#),
                status: 404, code: "not_found")
            #expect(try await fixture.cliCards(topic: "Kept").count == 6)
            #expect(try await fixture.cliCards(topic: "Elsewhere").count == 2)

            // A good one: three cards (one named twice) go at once, and the deck closes up to 1…3.
            let deleted = check.add(
                try await server.call(
                    .POST, "/v1/topics/1/cards/delete", token: admin,
                    json: #"{"ids": [\#(ids[4]), \#(ids[0]), \#(ids[2]), \#(ids[0])]}"#),
                "CardsDeleted", label: "bulk delete")
            #expect(deleted.status == 200, "\(deleted.text)")
            #expect(deleted.json["deleted"] as? [Int] == [ids[0], ids[2], ids[4]], "ascending, each once")
            let left = try await fixture.cliCards(topic: "Kept")
            #expect(left.compactMap { $0["id"] as? Int } == [ids[1], ids[3], ids[5]])
            #expect(left.compactMap { $0["position"] as? Int } == [1, 2, 3])
            #expect(try await fixture.cliCards(topic: "Elsewhere").count == 2)
        }
        try await check.validate(in: fixture.directory)
    }
}
