import FCCore
import Foundation
import NIOHTTP1
import Testing

/// Quiz sessions with multiple-choice and cloze cards: the questions in `next`, answers by option
/// position, text or letter, each cloze deletion number a card of its own (a sibling).
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
                        .POST, "/v1/sessions", token: ana, json: #"{"topicIds": [1], "limit": 3, "mode": "quiz"}"#),
                    "Session", label: "quiz start")
                #expect(started.status == 201, "\(started.text)")
                let id = try #require(started.json["id"] as? Int)
                var session = started.json
                for _ in 0..<3 {
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
                        // Each deletion number is a card of its own: the note's card asks c1, its sibling c2.
                        let number = try #require(card["clozeNumber"] as? Int)
                        let prompt = number == 1 ? "[...] founded Rome in 753 BC." : "Romulus founded Rome in [year]."
                        #expect((card["clozeOf"] as? Int != nil) == (number == 2))
                        #expect(questions.compactMap { $0["prompt"] as? String } == [prompt])
                        #expect(questions.compactMap { $0["clozeNumber"] as? Int } == [number])
                        #expect(shown["question"] as? String == prompt && shown["clozeNumber"] as? Int == number)
                        #expect(shown["answer"] as? String == "Romulus founded Rome in 753 BC.")
                        expectProblem(
                            try await server.call(
                                .POST, "/v1/sessions/\(id)/answer", token: ana,
                                json: #"{"cardId": \#(cardID), "answer": ["Romulus", "753 BC"]}"#),
                            status: 400, code: "bad_request", field: "answer")
                        let hidden = number == 1 ? "romulus" : "753 BC"
                        body =
                            [
                                #"{"cardId": \#(cardID), "answer": ["\#(hidden)"]}"#,
                                #"{"cardId": \#(cardID), "answer": "Remus"}"#,
                                #"{"cardId": \#(cardID), "answer": "\#(hidden)"}"#,
                            ][round]
                    }
                    let graded = check.add(
                        try await server.call(.POST, "/v1/sessions/\(id)/answer", token: ana, json: body),
                        "Session", label: "quiz answer")
                    #expect(graded.status == 200, "\(graded.text)")
                    #expect(graded.json["verdict"] as? String == (round == 1 ? "wrong" : "correct"), "\(graded.text)")
                    let expected =
                        card["kind"] as? String == "mcq" || card["clozeNumber"] as? Int == 1 ? "Romulus" : "753 BC"
                    #expect(graded.json["expected"] as? String == expected, "\(graded.text)")
                    session = graded.json
                }
                #expect(session["correct"] as? Int == (round == 1 ? 0 : 3), "\(session)")
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
            #expect(shown[1]?["clozeNumber"] as? Int == 1)
            #expect(shown[2] == nil, "a question card is shown as stored")
            let again = try await server.call(.GET, "/v1/topics/1/feed", token: ana)
            let againOptions = (again.json["cards"] as? [[String: Any]])?.first?["shown"] as? [String: Any]
            #expect(againOptions?["options"] as? [String] == options, "the feed shows one order")

        }
        try await check.validate(in: fixture.directory)
    }

    @Test("cloze siblings: one card per deletion number in the feed, the deck and Learn; burying one buries both")
    func clozeSiblings() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.addCard(
            topic: "Rome", kind: .cloze, question: "{{c1::Romulus}} founded Rome in {{c2::753 BC::year}}.")
        try await fixture.addCard(topic: "Rome", question: "Who was the first emperor?", answer: "Augustus")
        let ana = fixture.learnerToken
        let check = OpenAPICheck()
        try await fixture.serve { server in
            let deck = check.add(
                try await server.call(.GET, "/v1/topics/1/cards", token: ana), "CardPage", label: "deck")
            let cards = try #require(deck.json["cards"] as? [[String: Any]])
            // The sibling follows its note at once: it was added with it, at the deck's end.
            #expect(cards.map { $0["clozeNumber"] as? Int } == [1, 2, nil])
            let note = try #require(cards[0]["id"] as? Int)
            let sibling = try #require(cards[1]["id"] as? Int)
            let links = cards.map { $0["clozeOf"] as? Int }
            #expect(links == [nil, note, nil])

            let feed = check.add(try await server.call(.GET, "/v1/topics/1/feed", token: ana), "Feed", label: "feed")
            let shown = try #require(feed.json["cards"] as? [[String: Any]]).compactMap {
                $0["shown"] as? [String: Any]
            }
            #expect(
                shown.compactMap { $0["question"] as? String } == [
                    "[...] founded Rome in 753 BC.", "Romulus founded Rome in [year].",
                ])
            #expect(shown.compactMap { $0["clozeNumber"] as? Int } == [1, 2])

            // Learn: the note's card comes first; burying it buries its sibling too, out of this session as well.
            let started = check.add(
                try await server.call(.POST, "/v1/sessions", token: ana, json: #"{"topicIds": [1], "limit": 10}"#),
                "Session", label: "learn start")
            #expect(started.status == 201, "\(started.text)")
            let id = try #require(started.json["id"] as? Int)
            #expect(started.json["total"] as? Int == 3)
            #expect((started.json["next"] as? [String: Any])?["id"] as? Int == note)
            #expect(
                (started.json["shown"] as? [String: Any])?["question"] as? String == "[...] founded Rome in 753 BC.")
            let buried = check.add(
                try await server.call(.POST, "/v1/sessions/\(id)/bury", token: ana, json: #"{"cardId": \#(note)}"#),
                "Session", label: "bury")
            #expect(buried.status == 200, "\(buried.text)")
            let next = buried.json["next"] as? [String: Any]
            #expect(next?["question"] as? String == "Who was the first emperor?", "the sibling left the session")
            #expect(buried.json["total"] as? Int == 1)
            let after = try await server.call(.GET, "/v1/topics/1/feed?limit=100", token: ana)
            let left = (after.json["cards"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            #expect(!left.contains(note) && !left.contains(sibling))

            // Export writes the text once; the deck counts three cards.
            let csv = try await server.call(.GET, "/v1/topics/1/export?format=csv", token: ana)
            #expect(csv.status == 200)
            #expect(csv.text.components(separatedBy: "{{c2::753 BC::year}}").count == 2, "\(csv.text)")
            let topic = try await server.call(.GET, "/v1/topics/1", token: ana)
            #expect((topic.json["topic"] as? [String: Any])?["cards"] as? Int == 3, "\(topic.text)")
            #expect(topic.json["new"] as? Int == 1, "the buried note and sibling are not new today: \(topic.text)")
        }
        try await check.validate(in: fixture.directory)
    }
}
