import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Learning steps over HTTP, as the web app's Learn drives them: a card not passed comes back after 3 other cards
/// (at once when it is the last), the session's `cards`, `remaining` and `nextIsRepeat` say where the learner is,
/// it finishes only when every card passed, and undo withdraws the come-back.
@Suite("the service: learning steps in sessions (in process)")
struct LearningStepsRouteTests {
    /// What the progress members of a session document say.
    struct Progress: Equatable {
        var next: Int?
        var cards: Int?
        var remaining: Int?
        var total: Int?
        var repeated: Bool?

        init(next: Int?, cards: Int, remaining: Int, total: Int, repeated: Bool) {
            (self.next, self.cards, self.remaining, self.total, self.repeated) = (
                next, cards, remaining, total, repeated
            )
        }

        init(_ json: [String: Any]) {
            next = (json["next"] as? [String: Any])?["id"] as? Int
            cards = json["cards"] as? Int
            remaining = json["remaining"] as? Int
            total = json["total"] as? Int
            repeated = json["nextIsRepeat"] as? Bool
        }
    }

    @Test("a spaced session: again comes back after 3 cards or at the end, progress counts cards to pass, undo")
    func spacedSession() async throws {
        let fixture = try await ServiceUnderTest(cards: 5)
        let ana = fixture.learnerToken
        let check = OpenAPICheck()
        try await fixture.serve { server in
            let started = check.add(
                try await server.call(.POST, "/v1/sessions", token: ana, json: #"{"topicIds": [1], "limit": 5}"#),
                "Session", label: "start")
            let id = try #require(started.json["id"] as? Int)
            let first = Progress(started.json)
            #expect(first.cards == 5 && first.remaining == 5 && first.total == 5 && first.repeated == false)
            var queue = [try #require(first.next)]
            func answer(_ card: Int, _ rating: String) async throws -> Progress {
                let reply = check.add(
                    try await server.call(
                        .POST, "/v1/sessions/\(id)/answer", token: ana,
                        json: #"{"cardId": \#(card), "rating": "\#(rating)"}"#),
                    "Session", label: "answer \(rating)")
                #expect(reply.status == 200, "\(reply.text)")
                return Progress(reply.json)
            }

            // Again: still to pass (5 remaining of 5 cards), one more entry in the queue.
            var progress = try await answer(queue[0], "again")
            #expect(progress.cards == 5 && progress.remaining == 5 && progress.total == 6 && progress.repeated == false)
            for _ in 1...3 {
                let card = try #require(progress.next)
                #expect(card != queue[0])
                queue.append(card)
                progress = try await answer(card, "easy")
            }
            #expect(progress == Progress(next: queue[0], cards: 5, remaining: 2, total: 6, repeated: true))
            let reloaded = check.add(
                try await server.call(.GET, "/v1/sessions/\(id)", token: ana), "Session", label: "reloaded")
            #expect(Progress(reloaded.json) == progress, "a reload resumes the same queue")

            // Again with one card behind it: it comes back at the end. Undo withdraws that.
            progress = try await answer(queue[0], "again")
            let last = try #require(progress.next)
            #expect(progress == Progress(next: last, cards: 5, remaining: 2, total: 7, repeated: false))
            let undone = check.add(
                try await server.call(.POST, "/v1/sessions/\(id)/undo", token: ana), "Session", label: "undo")
            #expect(Progress(undone.json) == Progress(next: queue[0], cards: 5, remaining: 2, total: 6, repeated: true))

            // Good passes it; the last card, failed, comes back at once; the session finishes when it passes.
            progress = try await answer(queue[0], "good")
            #expect(progress == Progress(next: last, cards: 5, remaining: 1, total: 6, repeated: false))
            progress = try await answer(last, "again")
            #expect(progress == Progress(next: last, cards: 5, remaining: 1, total: 7, repeated: true))
            progress = try await answer(last, "good")
            #expect(progress == Progress(next: nil, cards: 5, remaining: 0, total: 7, repeated: false))
            let open = try await server.call(.GET, "/v1/sessions", token: ana)
            #expect((open.json["sessions"] as? [Any])?.isEmpty == true, "nothing is left to resume: \(open.text)")
            let ended = check.add(
                try await server.call(.POST, "/v1/sessions/\(id)/end", token: ana), "Session", label: "end")
            #expect(ended.json["answered"] as? Int == 7, "8 answers, one undone: \(ended.text)")
        }
        try await check.validate(in: fixture.directory)
    }

    @Test("free practice asks a card rated again later in the session; other ratings pass it")
    func freePractice() async throws {
        let fixture = try await ServiceUnderTest(cards: 3)
        let ana = fixture.learnerToken
        try await fixture.serve { server in
            let started = try await server.call(
                .POST, "/v1/sessions", token: ana, json: #"{"topicIds": [1], "limit": 3, "mode": "free"}"#)
            let id = try #require(started.json["id"] as? Int)
            var progress = Progress(started.json)
            var shown: [Int] = []
            var ratings = ["again", "hard", "good", "good"]
            while let card = progress.next, !ratings.isEmpty {
                shown.append(card)
                let reply = try await server.call(
                    .POST, "/v1/sessions/\(id)/answer", token: ana,
                    json: #"{"cardId": \#(card), "rating": "\#(ratings.removeFirst())"}"#)
                #expect(reply.status == 200, "\(reply.text)")
                progress = Progress(reply.json)
                if shown.count == 1 { #expect(progress.remaining == 3 && progress.total == 4) }
            }
            #expect(shown.count == 4 && shown.last == shown.first, "\(shown)")
            #expect(Set(shown).count == 3)
            #expect(progress == Progress(next: nil, cards: 3, remaining: 0, total: 4, repeated: false))
        }
    }
}
