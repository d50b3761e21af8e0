import Foundation
import NIOHTTP1
import Testing

/// Cloze and multiple-choice cards created and edited through the routes, with the rules `fcgen card add --kind cloze|mcq`
/// applies.
@Suite("the service: cloze and mcq cards (in process)")
struct CardKindRoutesTests {
    static let founders = #"["Romulus", "Remus", "Numa", "Augustus"]"#

    /// The card of a `CardList` reply at `index`.
    static func card(_ reply: Reply, _ index: Int = 0) throws -> [String: Any] {
        let cards = try #require(reply.json["cards"] as? [[String: Any]], "\(reply.text)")
        return try #require(cards.count > index ? cards[index] : nil)
    }

    @Test("cloze and mcq cards are created, read back with their choices, and edited; leaving mcq drops the options")
    func createAndEdit() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.importDeck(CardRoutesTests.deck(2), topic: "Rome")
        let (admin, learner) = (fixture.adminToken, fixture.learnerToken)
        let check = OpenAPICheck()
        try await fixture.serve { server in

            // Cloze: the answer is the text with every deletion shown.
            let cloze = check.add(
                try await server.call(
                    .POST, "/v1/topics/1/cards", token: admin,
                    json: #"{"kind": "cloze", "question": "{{c1::Romulus}} founded Rome in {{c2::753 BC::year}}"}"#),
                "CardList", label: "create cloze")
            #expect(cloze.status == 201, "\(cloze.text)")
            let clozeCard = try Self.card(cloze)
            #expect(clozeCard["kind"] as? String == "cloze" && clozeCard["choices"] == nil)
            #expect(clozeCard["answer"] as? String == "Romulus founded Rome in 753 BC")
            let clozeID = try #require(clozeCard["id"] as? Int)

            // Mcq by position (from 0), and by an answer repeating an option (case and punctuation aside).
            let byPosition = check.add(
                try await server.call(
                    .POST, "/v1/topics/1/cards", token: admin,
                    json:
                        #"{"kind": "mcq", "question": "Who founded Rome?", "options": \#(Self.founders), "correct": 0}"#
                ), "CardList", label: "create mcq")
            #expect(byPosition.status == 201, "\(byPosition.text)")
            let mcqCard = try Self.card(byPosition)
            let mcqID = try #require(mcqCard["id"] as? Int)
            #expect(mcqCard["kind"] as? String == "mcq" && mcqCard["answer"] as? String == "Romulus")
            let byAnswer = check.add(
                try await server.call(
                    .POST, "/v1/topics/1/cards", token: admin,
                    json: #"""
                        {"kind": "mcq", "question": "Who was the first emperor?", "answer": "augustus.",
                         "options": ["Nero", " Augustus ", "Trajan", "Hadrian", "Caligula"]}
                        """#), "CardList", label: "create mcq by answer")
            #expect(byAnswer.status == 201, "\(byAnswer.text)")
            let emperor = try Self.card(byAnswer)
            #expect(emperor["answer"] as? String == "Augustus")
            let emperorChoices = try #require(emperor["choices"] as? [String: Any])
            #expect(emperorChoices["options"] as? [String] == ["Nero", "Augustus", "Trajan", "Hadrian", "Caligula"])
            #expect(emperorChoices["correctIndex"] as? Int == 1)

            // Read back by a learner, and as the CLI sees the database.
            let shown = check.add(
                try await server.call(.GET, "/v1/cards/\(mcqID)", token: learner), "OneCard", label: "show mcq")
            let shownChoices = try #require((shown.json["card"] as? [String: Any])?["choices"] as? [String: Any])
            #expect(shownChoices["options"] as? [String] == ["Romulus", "Remus", "Numa", "Augustus"])
            #expect(shownChoices["correctIndex"] as? Int == 0)
            let listed = try await fixture.cliCards(topic: "Rome")
            // The cloze card's c2 is a card of its own, right after it.
            #expect(
                listed.map { $0["kind"] as? String } == ["question", "question", "cloze", "cloze", "mcq", "mcq"])
            #expect(listed.map { $0["clozeNumber"] as? Int } == [nil, nil, 1, 2, nil, nil])
            #expect((listed[4]["choices"] as? [String: Any])?["correctIndex"] as? Int == 0)

            // Edit: another correct option; new options keep the correct one by its text.
            let recorrected = check.add(
                try await server.call(.PATCH, "/v1/cards/\(mcqID)", token: admin, json: #"{"correct": 2}"#),
                "CardEditResult", label: "edit correct")
            let recorrectedCard = try #require(recorrected.json["card"] as? [String: Any], "\(recorrected.text)")
            #expect(recorrectedCard["answer"] as? String == "Numa")
            #expect((recorrectedCard["choices"] as? [String: Any])?["correctIndex"] as? Int == 2)
            let reordered = check.add(
                try await server.call(
                    .PATCH, "/v1/cards/\(mcqID)", token: admin,
                    json: #"{"options": ["Tarquin", "Numa", "Romulus", "Remus"]}"#), "CardEditResult",
                label: "edit options"
            )
            let reorderedCard = try #require(reordered.json["card"] as? [String: Any], "\(reordered.text)")
            #expect(reorderedCard["answer"] as? String == "Numa")
            #expect(
                (reorderedCard["choices"] as? [String: Any])?["options"] as? [String] == [
                    "Tarquin", "Numa", "Romulus", "Remus",
                ])
            #expect((reorderedCard["choices"] as? [String: Any])?["correctIndex"] as? Int == 1)

            // Away from mcq the options go and the correct option stays as the answer; back to mcq needs options, and
            // the answer, being one of them, is the correct one.
            let plain = check.add(
                try await server.call(.PATCH, "/v1/cards/\(mcqID)", token: admin, json: #"{"kind": "question"}"#),
                "CardEditResult", label: "edit away from mcq")
            let plainCard = try #require(plain.json["card"] as? [String: Any], "\(plain.text)")
            #expect(plainCard["kind"] as? String == "question" && plainCard["choices"] == nil)
            #expect(plainCard["answer"] as? String == "Numa")
            expectProblem(
                try await server.call(.PATCH, "/v1/cards/\(mcqID)", token: admin, json: #"{"kind": "mcq"}"#),
                status: 422, code: "bad_input", field: "options")
            let again = check.add(
                try await server.call(
                    .PATCH, "/v1/cards/\(mcqID)", token: admin, json: #"{"kind": "mcq", "options": \#(Self.founders)}"#),
                "CardEditResult", label: "edit back to mcq")
            let againCard = try #require(again.json["card"] as? [String: Any], "\(again.text)")
            #expect((againCard["choices"] as? [String: Any])?["correctIndex"] as? Int == 2)

            // A cloze card's answer follows its new text.
            let rewritten = check.add(
                try await server.call(
                    .PATCH, "/v1/cards/\(clozeID)", token: admin, json: #"{"question": "{{c1::Remus}} lost the race"}"#),
                "CardEditResult", label: "edit cloze")
            #expect((rewritten.json["card"] as? [String: Any])?["answer"] as? String == "Remus lost the race")
        }
        try await check.validate(in: fixture.directory)
    }

    @Test("bad cloze and mcq bodies are problems naming the member, and nothing is written")
    func refusals() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.importDeck(CardRoutesTests.deck(2), topic: "Rome")
        let admin = fixture.adminToken
        try await fixture.serve { server in
            let mcq = #""kind": "mcq", "question": "Who founded Rome?""#

            for (body, status, field) in [
                (#"{"kind": "cloze", "question": "Romulus founded Rome"}"#, 422, "question"),
                (#"{"kind": "cloze", "question": "{{c1::Romulus}} founded Rome", "answer": "Remus"}"#, 422, "answer"),
                (#"{\#(mcq), "options": ["Romulus", "romulus.", "Numa", "Augustus"], "correct": 0}"#, 422, "options"),
                (#"{\#(mcq), "options": ["Romulus", "Remus", "Numa"], "correct": 0}"#, 422, "options"),
                (#"{\#(mcq), "options": ["A", "B", "C", "D", "E", "F"], "correct": 0}"#, 422, "options"),
                (#"{\#(mcq), "options": ["Romulus", "", "Numa", "Augustus"], "correct": 0}"#, 422, "options"),
                (#"{\#(mcq), "options": \#(Self.founders), "correct": 4}"#, 422, "correct"),
                (#"{\#(mcq), "options": \#(Self.founders)}"#, 422, "correct"),
                (#"{\#(mcq), "options": \#(Self.founders), "answer": "Tarquin"}"#, 422, "answer"),
                (#"{\#(mcq), "options": \#(Self.founders), "correct": 0, "answer": "Remus"}"#, 422, "answer"),
                (#"{\#(mcq), "answer": "Romulus"}"#, 422, "options"),
                (#"{\#(mcq), "options": \#(Self.founders), "correct": 0, "reverse": true}"#, 422, "reverse"),
                (#"{"question": "Who?", "answer": "Romulus", "options": \#(Self.founders)}"#, 422, "options"),
                (#"{"question": "Who?", "answer": "Romulus", "correct": 0}"#, 422, "correct"),
                (#"{\#(mcq), "options": "Romulus", "correct": 0}"#, 400, "options"),
                (#"{\#(mcq), "options": ["Romulus", 2, "Numa", "Augustus"], "correct": 0}"#, 400, "options"),
                (#"{\#(mcq), "options": \#(Self.founders), "correct": "0"}"#, 400, "correct"),
                (#"{\#(mcq), "options": \#(Self.founders), "correct": -1}"#, 400, "correct"),
                (#"{"kind": "essay", "question": "Who?", "answer": "Romulus"}"#, 400, "kind"),
            ] {
                expectProblem(
                    try await server.call(.POST, "/v1/topics/1/cards", token: admin, json: body), status: status,
                    code: status == 400 ? "bad_request" : "bad_input", field: field)
            }
            #expect(try await fixture.cliCards(topic: "Rome").count == 2, "no refused card was written")

            // An edit that breaks the rules leaves the mcq card as it was.
            let created = try await server.call(
                .POST, "/v1/topics/1/cards", token: admin,
                json: #"{\#(mcq), "options": \#(Self.founders), "correct": 0}"#)
            #expect(created.status == 201, "\(created.text)")
            let id = try #require(try Self.card(created)["id"] as? Int)
            for (body, status, field) in [
                (#"{"correct": 7}"#, 422, "correct"),
                (#"{"options": ["Numa", "Numa", "Remus", "Tarquin"]}"#, 422, "options"),
                (#"{"options": ["Numa", "Tarquin", "Remus", "Augustus"]}"#, 422, "correct"),
                (#"{"answer": "Tarquin"}"#, 422, "answer"),
                (#"{"kind": "question", "correct": 1}"#, 422, "correct"),
                (#"{"options": [true]}"#, 400, "options"),
            ] {
                expectProblem(
                    try await server.call(.PATCH, "/v1/cards/\(id)", token: admin, json: body), status: status,
                    code: status == 400 ? "bad_request" : "bad_input", field: field)
            }
            let after = try await fixture.cliCards(topic: "Rome")
            #expect(after.count == 3)
            #expect(after.last?["answer"] as? String == "Romulus" && after.last?["kind"] as? String == "mcq")
            let choices = try #require(after.last?["choices"] as? [String: Any])
            #expect(choices["options"] as? [String] == ["Romulus", "Remus", "Numa", "Augustus"])
            #expect(choices["correctIndex"] as? Int == 0)
        }
    }
}
