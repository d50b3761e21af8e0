import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// The learner's game and numbers over HTTP: each route's document is schema-valid and changes after a review
/// session; boxes open once (the second open is an idempotent 200), and another learner's box is not found.
@Suite("the service: challenges, boxes, achievements, statistics, calendar, leaderboard (in process)")
struct GamificationRouteTests {
    @Test("before and after a session: XP, challenge progress, achievements, stats, today's calendar count, ranks")
    func gameRoutes() async throws {
        // One day for the whole test, even when the run crosses midnight UTC: it compares today's counts.
        let fixture = try await ServiceUnderTest(seeded: false, now: .runningFromNoonToday())
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let ana = try await fixture.token(user: "ana")
        let bo = try await fixture.token(user: "bo")
        let check = OpenAPICheck()
        try await fixture.serve { server in

            let challenges = check.add(
                try await server.call(.GET, "/v1/challenges", token: ana), "Challenges", label: "challenges before")
            let today = try #require(challenges.json["day"] as? String)
            let progressBefore = Self.progress(challenges)
            #expect(progressBefore.allSatisfy { $0 == 0 })
            let achievements = check.add(
                try await server.call(.GET, "/v1/achievements", token: ana), "Achievements",
                label: "achievements before")
            #expect(achievements.json["unlocked"] as? Int == 0)
            let boxes = check.add(try await server.call(.GET, "/v1/boxes", token: ana), "Boxes", label: "boxes before")
            #expect((boxes.json["boxes"] as? [Any])?.isEmpty == true)
            let stats = check.add(
                try await server.call(.GET, "/v1/stats", token: ana), "Statistics", label: "stats before")
            #expect(stats.json["totalReviews"] as? Int == 0)
            let calendar = check.add(
                try await server.call(.GET, "/v1/calendar", token: ana), "Calendar", label: "calendar before")
            #expect(Self.reviews(on: today, calendar) == 0)
            #expect((calendar.json["days"] as? [Any])?.count == 365)
            check.add(try await server.call(.GET, "/v1/leaderboard", token: ana), "Leaderboard", label: "board before")

            // A whole spaced session of five cards, all good: reviews, XP, and boxes at its end. badger's learning
            // step asks each new card rated good once more, so that is ten reviews.
            let started = try await server.call(
                .POST, "/v1/sessions", token: ana, json: #"{"topicIds": [1], "limit": 5}"#)
            let session = try #require(started.json["id"] as? Int)
            var next = (started.json["next"] as? [String: Any])?["id"] as? Int
            while let card = next {
                let answered = try await server.call(
                    .POST, "/v1/sessions/\(session)/answer", token: ana,
                    json: #"{"cardId": \#(card), "rating": "good"}"#)
                #expect(answered.status == 200, "\(answered.text)")
                next = (answered.json["next"] as? [String: Any])?["id"] as? Int
            }
            #expect(try await server.call(.POST, "/v1/sessions/\(session)/end", token: ana).status == 200)

            let after = check.add(
                try await server.call(.GET, "/v1/challenges", token: ana), "Challenges", label: "challenges after")
            #expect(Self.progress(after).reduce(0, +) > 0, "\(after.text)")
            let unlocked = check.add(
                try await server.call(.GET, "/v1/achievements", token: ana), "Achievements", label: "achievements after"
            )
            let firstSteps = (unlocked.json["achievements"] as? [[String: Any]])?.first {
                $0["id"] as? String == "first_steps"
            }
            #expect(firstSteps?["unlocked"] as? Bool == true, "\(unlocked.text)")
            let scholar = (unlocked.json["achievements"] as? [[String: Any]])?.first {
                $0["id"] as? String == "scholar"
            }
            #expect(scholar?["progress"] as? Int == 5)
            #expect(scholar?["target"] as? Int == 100)
            let statsAfter = check.add(
                try await server.call(.GET, "/v1/stats?topicId=1", token: ana), "Statistics", label: "stats after")
            #expect(statsAfter.json["totalReviews"] as? Int == 10)
            expectProblem(
                try await server.call(.GET, "/v1/stats?topicId=77", token: ana), status: 404, code: "not_found")
            let calendarAfter = check.add(
                try await server.call(.GET, "/v1/calendar?from=\(today)&to=\(today)", token: ana), "Calendar",
                label: "calendar after")
            #expect(Self.reviews(on: today, calendarAfter) == 10)
            let year = String(today.prefix(4))
            let wholeYear = check.add(
                try await server.call(.GET, "/v1/calendar?year=\(year)", token: ana), "Calendar", label: "calendar year"
            )
            #expect(Self.reviews(on: today, wholeYear) == 10)
            expectProblem(
                try await server.call(.GET, "/v1/calendar?from=2026-02-01&to=2026-01-01", token: ana), status: 400,
                code: "bad_request", field: "from")
            let board = check.add(
                try await server.call(.GET, "/v1/leaderboard?by=xp&day=\(today)", token: bo), "Leaderboard",
                label: "board after")
            let top = (board.json["entries"] as? [[String: Any]])?.first
            #expect(top?["name"] as? String == "ana")
            #expect(top?["isCurrentLearner"] as? Bool == false)
            #expect(top?["learnerId"] == nil)
            expectProblem(
                try await server.call(.GET, "/v1/leaderboard?by=speed", token: ana), status: 400, code: "bad_request",
                field: "by")

            // Boxes: earned at the session's end; one opens once; another learner cannot see it.
            let earned = check.add(try await server.call(.GET, "/v1/boxes", token: ana), "Boxes", label: "boxes after")
            let boxIDs = (earned.json["boxes"] as? [[String: Any]])?.compactMap { $0["boxId"] as? String } ?? []
            #expect((3...5).contains(boxIDs.count), "\(earned.text)")
            let box = try #require(boxIDs.first)
            let me = try await server.call(.GET, "/v1/me", token: ana)
            let opened = check.add(
                try await server.call(.POST, "/v1/boxes/\(box)/open", token: ana), "BoxOpened", label: "open")
            #expect(opened.status == 200, "\(opened.text)")
            #expect(opened.json["alreadyOpened"] as? Bool == false)
            let paid = try #require((opened.json["rewards"] as? [String: Any])?["xpGained"] as? Int)
            #expect(paid > 0)
            #expect(
                (opened.json["rewards"] as? [String: Any])?["totalXP"] as? Int == (me.json["totalXP"] as? Int ?? 0)
                    + paid)
            let again = check.add(
                try await server.call(.POST, "/v1/boxes/\(box)/open", token: ana), "BoxOpened", label: "open again")
            #expect(again.status == 200)
            #expect(again.json["alreadyOpened"] as? Bool == true)
            #expect((again.json["rewards"] as? [String: Any])?["xpGained"] as? Int == 0)
            #expect((again.json["box"] as? [String: Any])?["xp"] as? Int == paid)
            expectProblem(
                try await server.call(.POST, "/v1/boxes/\(box)/open", token: bo), status: 404, code: "not_found")
            expectProblem(
                try await server.call(.POST, "/v1/boxes/999:1/open", token: ana), status: 404, code: "not_found")
            let all = check.add(
                try await server.call(.POST, "/v1/boxes/open-all", token: ana), "BoxesOpened", label: "open all")
            #expect((all.json["opened"] as? [Any])?.count == boxIDs.count - 1, "\(all.text)")
            let none = check.add(
                try await server.call(.POST, "/v1/boxes/open-all", token: ana), "BoxesOpened", label: "open all again")
            #expect((none.json["opened"] as? [Any])?.isEmpty == true)
            let unopened = check.add(
                try await server.call(.GET, "/v1/boxes?unopened=true", token: ana), "Boxes", label: "unopened")
            #expect(unopened.json["unopened"] as? Int == 0)
            let others = try await server.call(.GET, "/v1/boxes", token: bo)
            #expect((others.json["boxes"] as? [Any])?.isEmpty == true)

        }
        try await check.validate(in: fixture.directory)
    }

    static func progress(_ reply: Reply) -> [Int] {
        (reply.json["challenges"] as? [[String: Any]])?.compactMap { $0["progress"] as? Int } ?? []
    }

    static func reviews(on day: String, _ reply: Reply) -> Int? {
        (reply.json["days"] as? [[String: Any]])?.first { $0["day"] as? String == day }?["reviews"] as? Int
    }
}
