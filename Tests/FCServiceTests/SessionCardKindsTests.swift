import FCCore
import Foundation
import NIOHTTP1
import Testing

/// Quiz sessions with multiple-choice and cloze cards: the questions in `next`, answers by option
/// position, text or letter, one answer per cloze deletion number.
@Suite("the service: cloze and mcq cards in sessions (in process)")
struct SessionCardKindsTests {
    @Test("a quiz session asks mcq options and cloze numbers and grades them")
    func quizKinds() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.addCard(
            topic: "Rome", kind: .mcq, question: "Who founded Rome?", options: ["Remus", "Romulus", "Numa", "Tullus"],
            correct: 1)
        try await fixture.addCard(
            topic: "Rome", kind: .cloze, question: "{{c1::Romulus}} founded Rome in {{c2::753 BC::year}}.")
        let ana = fixture.learnerToken
        let check = OpenAPICheck()
        try await fixture.serve { server in

            for round in 0..<3 {
                let started = check.add(
                    try await server.call(
                        .POST, "/v1/sessions", token: ana, json: #"{"topicIds": [1], "limit": 2, "mode": "quiz"}"#),
                    "Session", label: "quiz start")
                #expect(started.status == 201, "\(started.text)")
                let id = try #require(started.json["id"] as? Int)
                var session = started.json
                for _ in 0..<2 {
                    let card = try #require(session["next"] as? [String: Any])
                    let cardID = try #require(card["id"] as? Int)
                    let questions = try #require(session["questions"] as? [[String: Any]])
                    let shown = try #require(session["shown"] as? [String: Any])
                    let again = try await server.call(.GET, "/v1/sessions/\(id)", token: ana)
                    #expect(
                        (again.json["questions"] as? [[String: Any]])?.first?["options"] as? [String]
                            == questions.first?["options"] as? [String], "the same session asks the same order")
                    let body: String
                    if card["kind"] as? String == "mcq" {
                        let options = try #require(questions.first?["options"] as? [String])
                        #expect(options.sorted() == ["Numa", "Remus", "Romulus", "Tullus"])
                        #expect(questions.count == 1 && questions.first?["prompt"] as? String == "Who founded Rome?")
                        let right = try #require(options.firstIndex(of: "Romulus"))
                        #expect(shown["correctOption"] as? Int == right)
                        expectProblem(
                            try await server.call(
                                .POST, "/v1/sessions/\(id)/answer", token: ana,
                                json: #"{"cardId": \#(cardID), "answer": 7}"#),
                            status: 400, code: "bad_request", field: "answer")
                        // Round 0: the right option's position; round 1: another option's text; round 2: its letter.
                        let letter = ["A", "B", "C", "D"][right].lowercased()
                        body =
                            [
                                #"{"cardId": \#(cardID), "answer": \#(right)}"#,
                                #"{"cardId": \#(cardID), "answer": "Numa"}"#,
                                #"{"cardId": \#(cardID), "answer": "\#(letter))"}"#,
                            ][round]
                    } else {
                        #expect(card["kind"] as? String == "cloze")
                        #expect(
                            questions.compactMap { $0["prompt"] as? String } == [
                                "[...] founded Rome in 753 BC.", "Romulus founded Rome in [year].",
                            ])
                        #expect(questions.compactMap { $0["clozeNumber"] as? Int } == [1, 2])
                        #expect(shown["question"] as? String == "[...] founded Rome in [year].")
                        #expect(shown["answer"] as? String == "Romulus founded Rome in 753 BC.")
                        expectProblem(
                            try await server.call(
                                .POST, "/v1/sessions/\(id)/answer", token: ana,
                                json: #"{"cardId": \#(cardID), "answer": ["Romulus"]}"#),
                            status: 400, code: "bad_request", field: "answer")
                        // One string for a card of several questions: graded against the full text.
                        body =
                            [
                                #"{"cardId": \#(cardID), "answer": ["romulus", "753 BC"]}"#,
                                #"{"cardId": \#(cardID), "answer": ["Romulus", ""]}"#,
                                #"{"cardId": \#(cardID), "answer": "Romulus founded Rome in 753 BC"}"#,
                            ][round]
                    }
                    let graded = check.add(
                        try await server.call(.POST, "/v1/sessions/\(id)/answer", token: ana, json: body),
                        "Session", label: "quiz answer")
                    #expect(graded.status == 200, "\(graded.text)")
                    #expect(graded.json["verdict"] as? String == (round == 1 ? "wrong" : "correct"), "\(graded.text)")
                    let expected = card["kind"] as? String == "mcq" ? "Romulus" : "Romulus; 753 BC"
                    #expect(graded.json["expected"] as? String == expected, "\(graded.text)")
                    session = graded.json
                }
                #expect(session["correct"] as? Int == (round == 1 ? 0 : 2), "\(session)")
            }
        }
        try await check.validate(in: fixture.directory)
    }

    @Test("the feed shows cloze and mcq cards as study does: deletions hidden, options in one order")
    func feedFaces() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.addCard(
            topic: "Rome", kind: .mcq, question: "Who founded Rome?", options: ["Remus", "Romulus", "Numa", "Tullus"],
            correct: 1)
        try await fixture.addCard(topic: "Rome", kind: .cloze, question: "{{c1::Romulus}} founded Rome.")
        try await fixture.addCard(topic: "Rome", question: "Who was the first emperor?", answer: "Augustus")
        let ana = fixture.learnerToken
        let check = OpenAPICheck()
        try await fixture.serve { server in

            let feed = check.add(try await server.call(.GET, "/v1/topics/1/feed", token: ana), "Feed", label: "feed")
            #expect(feed.status == 200, "\(feed.text)")
            let shown = try #require(feed.json["cards"] as? [[String: Any]]).map { $0["shown"] as? [String: Any] }
            #expect(shown.count == 3)
            let options = try #require(shown[0]?["options"] as? [String])
            #expect(options.sorted() == ["Numa", "Remus", "Romulus", "Tullus"])
            #expect(shown[0]?["correctOption"] as? Int == options.firstIndex(of: "Romulus"))
            #expect(shown[0]?["answer"] as? String == "Romulus")
            #expect(shown[1]?["question"] as? String == "[...] founded Rome.")
            #expect(shown[1]?["answer"] as? String == "Romulus founded Rome.")
            #expect(shown[2] == nil, "a question card is shown as stored")
            let again = try await server.call(.GET, "/v1/topics/1/feed", token: ana)
            let againOptions = (again.json["cards"] as? [[String: Any]])?.first?["shown"] as? [String: Any]
            #expect(againOptions?["options"] as? [String] == options, "the feed shows one order")

        }
        try await check.validate(in: fixture.directory)
    }
}
