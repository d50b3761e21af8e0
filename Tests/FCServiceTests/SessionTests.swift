import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Study sessions over HTTP: spaced answers are reviews, quizzes are graded, another learner's session is 404.
@Suite("the service: sessions (in process)")
struct SessionTests {
    @Test("start, answer, skip, end; a quiz answer is graded; another learner gets 404")
    func sessions() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let ana = try await fixture.token(user: "ana")
        let bo = try await fixture.token(user: "bo")
        let check = OpenAPICheck()
        try await fixture.serve { server in

            let started = check.add(
                try await server.call(.POST, "/v1/sessions", token: ana, json: #"{"topicIds": [1], "limit": 3}"#),
                "Session", label: "start")
            #expect(started.status == 201, "\(started.text)")
            let id = try #require(started.json["id"] as? Int)
            let first = try #require((started.json["next"] as? [String: Any])?["id"] as? Int)
            #expect(started.json["total"] as? Int == 3)

            expectProblem(try await server.call(.GET, "/v1/sessions/\(id)", token: bo), status: 404, code: "not_found")
            expectProblem(
                try await server.call(
                    .POST, "/v1/sessions/\(id)/answer", token: bo, json: #"{"cardId": \#(first), "rating": "good"}"#),
                status: 404, code: "not_found")

            let skipped = check.add(
                try await server.call(.POST, "/v1/sessions/\(id)/skip", token: ana, json: #"{"cardId": \#(first)}"#),
                "Session", label: "skip")
            let second = try #require((skipped.json["next"] as? [String: Any])?["id"] as? Int)
            #expect(second != first)
            expectProblem(
                try await server.call(
                    .POST, "/v1/sessions/\(id)/answer", token: ana, json: #"{"cardId": \#(first), "rating": "good"}"#),
                status: 409, code: "conflict")
            // A spaced session grades no typed answer, but one outside the contract is refused, not ignored.
            for bad in [#"[-1]"#, "-1", "{}", "1.5"] {
                expectProblem(
                    try await server.call(
                        .POST, "/v1/sessions/\(id)/answer", token: ana,
                        json: #"{"cardId": \#(second), "rating": "good", "answer": \#(bad)}"#),
                    status: 400, code: "bad_request", field: "answer")
            }
            let answered = check.add(
                try await server.call(
                    .POST, "/v1/sessions/\(id)/answer", token: ana, json: #"{"cardId": \#(second), "rating": "good"}"#),
                "Session", label: "answer")
            #expect(answered.json["answered"] as? Int == 1, "\(answered.text)")
            #expect((answered.json["xpGained"] as? Int ?? 0) > 0)
            let ended = check.add(
                try await server.call(.POST, "/v1/sessions/\(id)/end", token: ana), "Session", label: "end")
            #expect(ended.json["endedAt"] != nil)
            expectProblem(
                try await server.call(.POST, "/v1/sessions/\(id)/skip", token: ana, json: #"{"cardId": \#(first)}"#),
                status: 409, code: "session_ended")

            let quiz = check.add(
                try await server.call(
                    .POST, "/v1/sessions", token: ana, json: #"{"topicIds": [1], "limit": 1, "mode": "quiz"}"#),
                "Session", label: "quiz")
            let quizID = try #require(quiz.json["id"] as? Int)
            let card = try #require(quiz.json["next"] as? [String: Any])
            let graded = check.add(
                try await server.call(
                    .POST, "/v1/sessions/\(quizID)/answer", token: ana,
                    json: #"{"cardId": \#(card["id"] as? Int ?? 0), "answer": "certainly not this"}"#),
                "Session", label: "quiz answer")
            #expect(graded.json["verdict"] as? String == "wrong", "\(graded.text)")
            #expect(graded.json["expected"] as? String == card["answer"] as? String)
            expectProblem(
                try await server.call(.POST, "/v1/sessions", token: ana, json: #"{"topicIds": [1], "mode": "cram"}"#),
                status: 400, code: "bad_request", field: "mode")
            expectProblem(
                try await server.call(.POST, "/v1/sessions", token: ana, json: #"{"topicIds": [9]}"#), status: 404,
                code: "not_found")
        }
        try await check.validate(in: fixture.directory)
    }

    @Test("a topic of fallback cards only: the empty session says how many includeFallback would study, and it does")
    func fallbackOnlyTopic() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        // No recorded replies for this topic: every card is a templated fallback card.
        try await fixture.generateOffline(topic: "Basket weaving", batches: 1)
        let ana = try await fixture.token(user: "ana")
        let stored = try await Cards.inTopic(on: fixture.store, topicID: 1).count
        #expect(stored > 0)
        let check = OpenAPICheck()
        try await fixture.serve { server in
            let empty = check.add(
                try await server.call(.POST, "/v1/sessions", token: ana, json: #"{"topicIds": [1]}"#), "Session",
                label: "empty")
            #expect(empty.status == 201, "\(empty.text)")
            #expect(empty.json["total"] as? Int == 0)
            #expect(empty.json["fallbackCards"] as? Int == stored)

            let included = check.add(
                try await server.call(
                    .POST, "/v1/sessions", token: ana,
                    json: #"{"topicIds": [1], "limit": 100, "includeFallback": true}"#),
                "Session", label: "included")
            #expect(included.json["total"] as? Int == stored)
            #expect(included.json["fallbackCards"] == nil)
            expectProblem(
                try await server.call(
                    .POST, "/v1/sessions", token: ana, json: #"{"topicIds": [1], "includeFallback": 1}"#),
                status: 400, code: "bad_request", field: "includeFallback")
        }
        // A topic with cards to study says nothing about fallback cards.
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        try await fixture.serve { server in
            let started = try await server.call(.POST, "/v1/sessions", token: ana, json: #"{"topicIds": [2]}"#)
            #expect((started.json["total"] as? Int ?? 0) > 0)
            #expect(started.json["fallbackCards"] == nil)
        }
        try await check.validate(in: fixture.directory)
    }

    @Test("each rating's interval is shown with the card, and the one answered is the one recorded")
    func intervalsForTheAnswerButtons() async throws {
        let fixture = try await ServiceUnderTest(cards: 3)
        let ana = fixture.learnerToken
        let check = OpenAPICheck()
        let user = try #require(try await Learners.named(on: fixture.store, "ana"))
        try await fixture.serve { server in
            let started = check.add(
                try await server.call(.POST, "/v1/sessions", token: ana, json: #"{"topicIds": [1]}"#), "Session",
                label: "start")
            let intervals = try #require(started.json["intervals"] as? [String: Int], "\(started.text)")
            let again = try #require(intervals["again"]), hard = try #require(intervals["hard"])
            let good = try #require(intervals["good"]), easy = try #require(intervals["easy"])
            #expect(again <= hard && hard <= good && good <= easy && easy > 0, "\(intervals)")
            let id = try #require(started.json["id"] as? Int)
            let cardID = try #require((started.json["next"] as? [String: Any])?["id"] as? Int)
            let answered = try await server.call(
                .POST, "/v1/sessions/\(id)/answer", token: ana, json: #"{"cardId": \#(cardID), "rating": "good"}"#)
            #expect(answered.status == 200, "\(answered.text)")
            let state = try #require(try await fixture.store.cardState(userID: user.id, cardID: Int64(cardID)))
            let recorded = state.due.timeIntervalSince(try #require(state.lastReview))
            // A new card's interval does not depend on when it is answered: equal but for rounding to seconds.
            #expect(abs(recorded - Double(good)) <= 1, "recorded \(recorded) s, shown \(good) s")
            // Free practice changes no schedule, so it shows no intervals.
            let free = try await server.call(
                .POST, "/v1/sessions", token: ana, json: #"{"topicIds": [1], "mode": "free"}"#)
            #expect(free.json["intervals"] == nil)
        }
        try await check.validate(in: fixture.directory)
    }
}
