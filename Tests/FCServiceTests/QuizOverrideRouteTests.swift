import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// `POST /v1/sessions/{id}/override`, a quiz's "I was right", in process: the wrong answer is counted right and shown
/// as overridden, it earns a right answer's card XP once, and every request it cannot take is a problem naming what.
@Suite("the service: I was right (in process)")
struct QuizOverrideRouteTests {
    /// Starts a 3-card quiz for `token`; its id and first card.
    private func quiz(_ server: InProcessServer, _ token: String, check: OpenAPICheck) async throws
        -> (id: Int, card: [String: Any])
    {
        let started = check.add(
            try await server.call(
                .POST, "/v1/sessions", token: token, json: #"{"topicIds": [1], "limit": 3, "mode": "quiz"}"#),
            "Session", label: "quiz")
        return (try #require(started.json["id"] as? Int), try #require(started.json["next"] as? [String: Any]))
    }

    private func answer(
        _ server: InProcessServer, _ token: String, _ id: Int, card: [String: Any], _ text: String, check: OpenAPICheck
    ) async throws -> Reply {
        let body = try JSONSerialization.data(withJSONObject: ["cardId": card["id"] ?? 0, "answer": text])
        return check.add(
            try await server.call(
                .POST, "/v1/sessions/\(id)/answer", token: token, json: String(decoding: body, as: UTF8.self)),
            "Session", label: "answer")
    }

    @Test("a wrong answer claimed right is counted right, shown as overridden and paid a right answer's card XP, once")
    func overrideIsRecordedAndCounted() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let ana = try await fixture.token(user: "ana")
        let check = OpenAPICheck()
        try await fixture.serve { server in
            let (id, card) = try await quiz(server, ana, check: check)
            let cardID = try #require(card["id"] as? Int)
            let graded = try await answer(server, ana, id, card: card, "certainly not this", check: check)
            #expect(graded.json["verdict"] as? String == "wrong", "\(graded.text)")
            #expect(graded.json["overridden"] as? Int == 0 && graded.json["failed"] as? Int == 1)
            let position = try #require(graded.json["position"] as? Int) - 1

            let claimed = check.add(
                try await server.call(
                    .POST, "/v1/sessions/\(id)/override", token: ana,
                    json: #"{"position": \#(position), "cardId": \#(cardID)}"#),
                "Session", label: "override")
            #expect(claimed.status == 200, "\(claimed.text)")
            let override = try #require(claimed.json["override"] as? [String: Any], "\(claimed.text)")
            #expect(override["position"] as? Int == 0 && override["cardId"] as? Int == cardID)
            #expect(override["answer"] as? String == "certainly not this")
            #expect(override["verdict"] as? String == "wrong" && override["alreadyOverridden"] as? Bool == false)
            #expect(claimed.json["xpGained"] as? Int == 6, "a right answer's card XP, not a first try's 10")
            #expect(claimed.json["correct"] as? Int == 1 && claimed.json["failed"] as? Int == 0)
            #expect(claimed.json["overridden"] as? Int == 1 && claimed.json["answered"] as? Int == 1)
            // The next card is still the one to answer: the claim is no answer.
            #expect((claimed.json["next"] as? [String: Any])?["id"] as? Int != cardID)

            let read = check.add(
                try await server.call(.GET, "/v1/sessions/\(id)", token: ana), "Session", label: "read")
            #expect(read.json["overridden"] as? Int == 1 && read.json["correct"] as? Int == 1)
            let me = try await server.call(.GET, "/v1/me", token: ana)
            #expect(me.json["totalXP"] as? Int == 6, "\(me.text)")

            let again = check.add(
                try await server.call(
                    .POST, "/v1/sessions/\(id)/override", token: ana,
                    json: #"{"position": 0, "cardId": \#(cardID)}"#),
                "Session", label: "override again")
            #expect(again.status == 200, "\(again.text)")
            #expect((again.json["override"] as? [String: Any])?["alreadyOverridden"] as? Bool == true)
            #expect(again.json["xpGained"] as? Int == 0 && again.json["overridden"] as? Int == 1)
            #expect(try await server.call(.GET, "/v1/me", token: ana).json["totalXP"] as? Int == 6)

            // Undo takes the answer back with its claim and the XP it paid.
            let undone = check.add(
                try await server.call(.POST, "/v1/sessions/\(id)/undo", token: ana), "Session", label: "undo")
            #expect((undone.json["undone"] as? [String: Any])?["xpReturned"] as? Int == 6, "\(undone.text)")
            #expect(undone.json["overridden"] as? Int == 0 && undone.json["correct"] as? Int == 0)
            #expect(try await server.call(.GET, "/v1/me", token: ana).json["totalXP"] as? Int == 0)
        }
        try await check.validate(in: fixture.directory)
    }

    @Test("bad input names its field; a right, empty or unanswered position, another card or a spaced session is 409")
    func refusals() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let ana = try await fixture.token(user: "ana")
        let bo = try await fixture.token(user: "bo")
        let check = OpenAPICheck()
        try await fixture.serve { server in
            let (id, first) = try await quiz(server, ana, check: check)
            let firstID = try #require(first["id"] as? Int)
            func override(_ json: String, token: String? = nil, session: Int? = nil) async throws -> Reply {
                try await server.call(
                    .POST, "/v1/sessions/\(session ?? id)/override", token: token ?? ana, json: json)
            }
            expectProblem(
                try await override(#"{"position": 0, "cardId": \#(firstID)}"#), status: 409, code: "conflict",
                field: "position")
            let right = try await answer(
                server, ana, id, card: first, try #require(first["answer"] as? String), check: check)
            #expect(right.json["verdict"] as? String == "correct", "\(right.text)")
            let second = try #require(right.json["next"] as? [String: Any])
            let empty = try await answer(server, ana, id, card: second, "  ", check: check)
            #expect(empty.json["verdict"] as? String == "empty", "\(empty.text)")
            let third = try #require(empty.json["next"] as? [String: Any])
            let wrong = try await answer(server, ana, id, card: third, "certainly not this", check: check)
            #expect(wrong.json["verdict"] as? String == "wrong", "\(wrong.text)")
            let thirdID = try #require(third["id"] as? Int)

            for (bad, field) in [
                (#"{"cardId": \#(thirdID)}"#, "position"), (#"{"position": -1, "cardId": \#(thirdID)}"#, "position"),
                (#"{"position": "2", "cardId": \#(thirdID)}"#, "position"), (#"{"position": 2}"#, "cardId"),
                (#"{"position": 2, "cardId": 0}"#, "cardId"),
            ] {
                expectProblem(try await override(bad), status: 400, code: "bad_request", field: field)
            }
            expectProblem(
                try await override(#"{"position": 2, "cardId": \#(thirdID), "verdict": "correct"}"#), status: 400,
                code: "bad_request")
            // Right already, empty, not answered yet, another card than the one answered there.
            expectProblem(
                try await override(#"{"position": 0, "cardId": \#(firstID)}"#), status: 409, code: "conflict",
                field: "position")
            expectProblem(
                try await override(#"{"position": 1, "cardId": \#(second["id"] as? Int ?? 0)}"#), status: 409,
                code: "conflict", field: "position")
            expectProblem(
                try await override(#"{"position": 3, "cardId": \#(thirdID)}"#), status: 409, code: "conflict",
                field: "position")
            expectProblem(
                try await override(#"{"position": 2, "cardId": \#(firstID)}"#), status: 409, code: "conflict",
                field: "cardId")
            // Another learner's session, and one that does not exist, are not found.
            expectProblem(
                try await override(#"{"position": 2, "cardId": \#(thirdID)}"#, token: bo), status: 404,
                code: "not_found")
            expectProblem(
                try await override(#"{"position": 2, "cardId": \#(thirdID)}"#, session: 999_999), status: 404,
                code: "not_found")
            let counts = try await server.call(.GET, "/v1/sessions/\(id)", token: ana)
            #expect(counts.json["correct"] as? Int == 1 && counts.json["failed"] as? Int == 1, "\(counts.text)")
            #expect(counts.json["overridden"] as? Int == 0)

            // A spaced session grades nothing to claim; an ended quiz takes no more steps.
            let spaced = try await server.call(.POST, "/v1/sessions", token: ana, json: #"{"topicIds": [1]}"#)
            let spacedID = try #require(spaced.json["id"] as? Int)
            let spacedCard = try #require((spaced.json["next"] as? [String: Any])?["id"] as? Int)
            let rated = try await server.call(
                .POST, "/v1/sessions/\(spacedID)/answer", token: ana,
                json: #"{"cardId": \#(spacedCard), "rating": "again"}"#)
            #expect(rated.status == 200, "\(rated.text)")
            let notQuiz = try await override(#"{"position": 0, "cardId": \#(spacedCard)}"#, session: spacedID)
            expectProblem(notQuiz, status: 409, code: "conflict")
            #expect(notQuiz.json["field"] == nil, "\(notQuiz.text)")
            _ = try await server.call(.POST, "/v1/sessions/\(id)/end", token: ana)
            expectProblem(
                try await override(#"{"position": 2, "cardId": \#(thirdID)}"#), status: 409, code: "session_ended")
        }
        try await check.validate(in: fixture.directory)
    }
}
