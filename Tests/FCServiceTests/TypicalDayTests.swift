import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// What a typical first day pays, through the routes the web app uses: about one level for about 50 cards
/// (docs/gamification.md, "XP"), every source of XP included (cards, challenges, achievements, boxes opened). On a
/// first day every card is new, so its learning steps make it about 95 answers.
@Suite("the service: a typical first day of about 50 reviews earns about one level (in process)")
struct TypicalDayTests {
    @Test("a 50-card session with mixed ratings, its relearns, then every box opened: level 2, not level 3")
    func typicalFirstDay() async throws {
        let fixture = try await ServiceUnderTest(cards: 50)
        let store = fixture.store
        // Relearning steps bring a failed card back in minutes: in a daytime zone that is still today.
        let ana = try #require(try await Learners.named(on: store, "ana"))
        try await Learners.setTimeZone(on: store, DaytimeZone.identifier(), userID: ana.id)
        let token = fixture.learnerToken
        try await fixture.serve { server in
            let answers = try await Self.studySession(server, token: token, limit: 50)
            // Learning steps: badger asks a new card again until it passes its 10-minute step, so each of the 45
            // cards not rated easy on first sight is answered twice (the good on its return passes it): 95
            // answers for the day's 50 cards. Card XP is paid once per card per local day, so the answers to a
            // card that came back pay nothing more and the day still pays what its ~50 cards do.
            #expect((90...100).contains(answers), "50 new cards with their learning steps, this one \(answers)")
            let opened = try await server.call(.POST, "/v1/boxes/open-all", token: token)
            #expect(opened.status == 200, "\(opened.text)")
            let me = try await server.call(.GET, "/v1/me", token: token)
            let total = try #require(me.json["totalXP"] as? Int, "\(me.text)")
            let level = try #require(me.json["level"] as? Int, "\(me.text)")
            #expect(level == 2, "\(answers) answers paid \(total) XP: \(me.text)")
        }
    }

    /// Starts a spaced session of `limit` new cards and answers it to its end: of every ten cards one is failed,
    /// one hard, one easy and seven good on first sight; a card shown again (it came back on its learning step) is
    /// answered good. Returns the answers.
    static func studySession(_ server: InProcessServer, token: String, limit: Int) async throws -> Int {
        let started = try await server.call(
            .POST, "/v1/sessions", token: token, json: #"{"topicIds": [1], "limit": \#(limit)}"#)
        #expect(started.status == 201, "\(started.text)")
        let session = try #require(started.json["id"] as? Int, "\(started.text)")
        var next = (started.json["next"] as? [String: Any])?["id"] as? Int
        var seen: Set<Int> = []
        var answers = 0
        while let card = next, answers < 200 {
            let rating: String
            if seen.insert(card).inserted {
                rating =
                    ["again", "hard", "good", "good", "good", "easy", "good", "good", "good", "good"][
                        (seen.count - 1) % 10]
            } else {
                rating = "good"
            }
            let answered = try await server.call(
                .POST, "/v1/sessions/\(session)/answer", token: token,
                json: #"{"cardId": \#(card), "rating": "\#(rating)"}"#)
            #expect(answered.status == 200, "\(answered.text)")
            answers += 1
            next = (answered.json["next"] as? [String: Any])?["id"] as? Int
        }
        let ended = try await server.call(.POST, "/v1/sessions/\(session)/end", token: token)
        #expect(ended.status == 200, "\(ended.text)")
        return answers
    }
}
