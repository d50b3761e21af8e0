import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Undo, bury and suspend in a session over HTTP, as `fcgen session undo|bury|suspend` do them in a terminal.
@Suite("the service: undo, bury and suspend in a session (in process)")
struct SessionControlTests {
    @Test("undo takes an answer and its XP back; bury and suspend take the card out of the feed; unsuspend returns it")
    func undoBurySuspend() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let ana = try await fixture.token(user: "ana")
        let bo = try await fixture.token(user: "bo")
        let check = OpenAPICheck()
        try await fixture.serve { server in
            let xp = { try await server.call(.GET, "/v1/me", token: ana).json["totalXP"] as? Int ?? -1 }
            let feedIDs = {
                let feed = try await server.call(.GET, "/v1/topics/1/feed?limit=100", token: ana)
                return Set((feed.json["cards"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int })
            }

            let started = try await server.call(
                .POST, "/v1/sessions", token: ana, json: #"{"topicIds": [1], "limit": 5}"#)
            let id = try #require(started.json["id"] as? Int)
            let first = try #require((started.json["next"] as? [String: Any])?["id"] as? Int)
            let xpBefore = try await xp()
            let answered = try await server.call(
                .POST, "/v1/sessions/\(id)/answer", token: ana, json: #"{"cardId": \#(first), "rating": "good"}"#)
            let gained = try #require(answered.json["xpGained"] as? Int)
            let xpAfter = try await xp()
            #expect(gained > 0 && xpAfter == xpBefore + gained)

            expectProblem(
                try await server.call(.POST, "/v1/sessions/\(id)/undo", token: bo), status: 404, code: "not_found")
            let undone = check.add(
                try await server.call(.POST, "/v1/sessions/\(id)/undo", token: ana), "Session", label: "undo")
            #expect(undone.status == 200, "\(undone.text)")
            let what = try #require(undone.json["undone"] as? [String: Any])
            #expect(what["cardId"] as? Int == first)
            #expect(what["reviewRemoved"] as? Bool == true)
            #expect(what["xpReturned"] as? Int == gained)
            #expect((undone.json["next"] as? [String: Any])?["id"] as? Int == first)
            #expect(undone.json["answered"] as? Int == 0)
            let xpUndone = try await xp()
            #expect(xpUndone == xpBefore, "the XP the answer paid is taken back")
            expectProblem(
                try await server.call(.POST, "/v1/sessions/\(id)/undo", token: ana), status: 409, code: "conflict")

            // Bury the current card: it leaves the session and the feed until the learner's tomorrow.
            expectProblem(
                try await server.call(.POST, "/v1/sessions/\(id)/bury", token: ana, json: #"{"cardId": 999}"#),
                status: 409, code: "conflict")
            let buried = check.add(
                try await server.call(.POST, "/v1/sessions/\(id)/bury", token: ana, json: #"{"cardId": \#(first)}"#),
                "Session", label: "bury")
            #expect(buried.status == 200, "\(buried.text)")
            #expect(buried.json["total"] as? Int == 4)
            let second = try #require((buried.json["next"] as? [String: Any])?["id"] as? Int)
            #expect(second != first)
            let until = try #require(buried.json["buriedUntil"] as? String)
            let comesBack = try #require(ISO8601DateFormatter().date(from: until.replacing(/\.\d+/, with: "")))
            #expect(comesBack > Date() && comesBack <= Date().addingTimeInterval(86_400 + 60))
            let feedAfterBury = try await feedIDs()
            #expect(!feedAfterBury.contains(first))

            // Suspend the next one: out of the session and the feed until unsuspended.
            let suspended = check.add(
                try await server.call(
                    .POST, "/v1/sessions/\(id)/suspend", token: ana, json: #"{"cardId": \#(second)}"#),
                "Session", label: "suspend")
            #expect(suspended.json["total"] as? Int == 3)
            #expect((suspended.json["next"] as? [String: Any])?["id"] as? Int != second)
            let feedAfterSuspend = try await feedIDs()
            #expect(!feedAfterSuspend.contains(second))
            let bosFeed = try await server.call(.GET, "/v1/topics/1/feed?limit=100", token: bo)
            let bosIDs = (bosFeed.json["cards"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            #expect(bosIDs.contains(second), "another learner's suspension is not bo's")
            let back = check.add(
                try await server.call(.POST, "/v1/cards/\(second)/unsuspend", token: ana), "SuspensionState",
                label: "unsuspend")
            #expect(back.json["suspended"] as? Bool == false)
            let feedAfterUnsuspend = try await feedIDs()
            #expect(feedAfterUnsuspend.contains(second))
            expectProblem(
                try await server.call(.POST, "/v1/cards/99999/unsuspend", token: ana), status: 404, code: "not_found")

            _ = try await server.call(.POST, "/v1/sessions/\(id)/end", token: ana)
            expectProblem(
                try await server.call(.POST, "/v1/sessions/\(id)/undo", token: ana), status: 409, code: "session_ended")
            expectProblem(
                try await server.call(.POST, "/v1/sessions/\(id)/suspend", token: ana, json: #"{"cardId": 1}"#),
                status: 409, code: "session_ended")
        }
        try await check.validate(in: fixture.directory)
    }
}
