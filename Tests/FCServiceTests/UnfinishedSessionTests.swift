import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// `GET /v1/sessions`: the sessions a reloaded page or another device resumes (not ended, cards left), newest
/// first, the caller's own only; resuming one goes on where it stopped.
@Suite("the service: unfinished sessions (in process)")
struct UnfinishedSessionTests {
    @Test("lists the learner's open sessions newest first, none ended, finished or another learner's; resume goes on")
    func unfinishedSessions() async throws {
        let fixture = try await ServiceUnderTest(cards: 4)
        let ana = fixture.learnerToken
        let bo = try await fixture.token(user: "bo")
        let check = OpenAPICheck()
        try await fixture.serve { server in
            func start(_ token: String, _ body: String) async throws -> (id: Int, next: Int) {
                let started = try await server.call(.POST, "/v1/sessions", token: token, json: body)
                #expect(started.status == 201, "\(started.text)")
                let id = try #require(started.json["id"] as? Int)
                return (id, try #require((started.json["next"] as? [String: Any])?["id"] as? Int))
            }
            func listed(_ token: String) async throws -> [[String: Any]] {
                let reply = check.add(
                    try await server.call(.GET, "/v1/sessions", token: token), "SessionList", label: "list")
                #expect(reply.status == 200, "\(reply.text)")
                return try #require(reply.json["sessions"] as? [[String: Any]], "\(reply.text)")
            }
            #expect(try await listed(ana).isEmpty)

            let spaced = try await start(ana, #"{"topicIds": [1], "limit": 4}"#)
            let answered = try await server.call(
                .POST, "/v1/sessions/\(spaced.id)/answer", token: ana,
                json: #"{"cardId": \#(spaced.next), "rating": "good"}"#)
            #expect(answered.status == 200, "\(answered.text)")
            let free = try await start(ana, #"{"topicIds": [1], "limit": 1, "mode": "free"}"#)
            let ended = try await start(ana, #"{"topicIds": [1], "limit": 2, "mode": "free"}"#)
            #expect(try await server.call(.POST, "/v1/sessions/\(ended.id)/end", token: ana).status == 200)
            let other = try await start(bo, #"{"topicIds": [1]}"#)

            // Newest first; the ended one is gone; Bo's is Bo's alone.
            let open = try await listed(ana)
            #expect(open.compactMap { $0["id"] as? Int } == [free.id, spaced.id])
            let resumed = try #require(open.last)
            #expect(resumed["answered"] as? Int == 1 && resumed["position"] as? Int == 1)
            let next = try #require((resumed["next"] as? [String: Any])?["id"] as? Int)
            #expect(next != spaced.next)
            #expect(resumed["intervals"] is [String: Int], "a spaced session's next card shows its intervals")
            #expect(try await listed(bo).compactMap { $0["id"] as? Int } == [other.id])

            // Answering the free session's last card leaves it with nothing to resume, ended or not.
            let last = try await server.call(
                .POST, "/v1/sessions/\(free.id)/answer", token: ana,
                json: #"{"cardId": \#(free.next), "rating": "good"}"#)
            #expect(last.status == 200, "\(last.text)")
            #expect(try await listed(ana).compactMap { $0["id"] as? Int } == [spaced.id])
            // The resumed session takes its next card's answer as if never left.
            let goesOn = try await server.call(
                .POST, "/v1/sessions/\(spaced.id)/answer", token: ana, json: #"{"cardId": \#(next), "rating": "easy"}"#)
            #expect(goesOn.json["answered"] as? Int == 2, "\(goesOn.text)")

            // Deleting a card takes it out of the sessions still to come: the session goes on at its other card.
            let moved = try await start(bo, #"{"topicIds": [1], "limit": 2, "mode": "free"}"#)
            try await CardEditing.delete(on: fixture.store, ids: [Int64(moved.next)])
            let afterDelete = try await listed(bo)
            let movedOn = try #require(afterDelete.first { $0["id"] as? Int == moved.id }, "\(afterDelete)")
            #expect(movedOn["total"] as? Int == 1)
            #expect(afterDelete.allSatisfy { ($0["next"] as? [String: Any])?["id"] as? Int != moved.next })
            // A session stranded at a card that is gone (left by a build before deletions repaired queues) has
            // nothing to resume on: not listed, and it can still be ended.
            let bosID = try #require(try await Learners.named(on: fixture.store, "bo")).id
            let stranded = try await Sessions.start(
                on: fixture.store, userID: bosID, mode: .free, topicIDs: [1], queue: [999_999])
            #expect(!(try await listed(bo).contains { $0["id"] as? Int == Int(stranded.id) }))
            #expect(try await server.call(.POST, "/v1/sessions/\(stranded.id)/end", token: bo).status == 200)

            expectProblem(try await server.call(.GET, "/v1/sessions"), status: 401, code: "unauthorized")
        }
        try await check.validate(in: fixture.directory)
    }
}
