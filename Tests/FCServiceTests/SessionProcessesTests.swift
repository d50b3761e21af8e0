import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Issue 29's last check with real processes: a learner's study session continues across `fcgen serve` instances on
/// one throwaway PostgreSQL database, and ends up exactly as it would on one instance.
///
/// Three learners study the same five cards with the same answers: `solo` (a token) on A alone, the reference;
/// `ana` (signed up on A: the session cookie) and `bo` (a token) start on A and go on on B (the next card, an answer,
/// an undo, another answer, the end), each step read back through the other instance. Their sessions' states, reviews
/// and XP (beyond the daily challenges, which are drawn per learner) must equal `solo`'s, and every instance must
/// answer the same about them. Then signing out everywhere on B ends `ana`'s cookie session on A.
@Suite("issue 29: learners' sessions continue across fcgen serve instances", .serialized, .timeLimit(.minutes(10)))
struct SessionProcessesTests {
    @Test(
        "a session started on A continues on B with the same reviews, XP and state; sign-out everywhere on B ends A's")
    func sessionsContinueAcrossInstances() async throws {
        let scratch = try await TestPostgresServer.scratchDatabase(label: "sessions")
        do {
            let fixture = try ServiceFixture(database: scratch.url)
            let demo = try await fixture.fcgen(["--topic", "Roman history", "--batches", "1", "--offline"])
            #expect(demo.status == 0, "\(demo.stderr)")
            let solo = LearnerCredential.bearer(try await fixture.token(user: "solo"))
            let bo = LearnerCredential.bearer(try await fixture.token(user: "bo"))
            let a = try await fixture.serve(["--no-generations", "--signup", "open"])
            let b = try await fixture.serve(["--no-generations", "--signup", "open"])

            let signedUp = try await a.call(
                .POST, "/v1/signup", json: #"{"name": "ana", "password": "correct horse"}"#,
                headers: LearnerCredential.sameOrigin)
            #expect(signedUp.status == 201, "\(signedUp.text)")
            let ana = LearnerCredential.cookie(try LearnerCredential.sessionID(signedUp))

            let reference = try await SessionTranscript.study(on: [a], as: solo)
            #expect(reference.steps.count == SessionTranscript.script.count + 1, "\(reference.steps)")
            #expect(reference.reviews == 4, "four ratings stand: one of five was undone")
            for learner in [ana, bo] {
                let split = try await SessionTranscript.study(on: [a, b], as: learner)
                #expect(split.steps == reference.steps)
                #expect(split.reviews == reference.reviews)
                #expect(split.xpBeyondChallenges == reference.xpBeyondChallenges)
            }

            // A second cookie session, signed in on B; signing out everywhere there ends both, A's too.
            let signedIn = try await b.call(
                .POST, "/v1/signin", json: #"{"name": "ana", "password": "correct horse"}"#,
                headers: LearnerCredential.sameOrigin)
            #expect(signedIn.status == 200, "\(signedIn.text)")
            let onB = LearnerCredential.cookie(try LearnerCredential.sessionID(signedIn))
            let out = try await b.call(.POST, "/v1/signout-everywhere", headers: onB.headers)
            #expect(out.json["sessionsEnded"] as? Int == 2, "\(out.text)")
            for (server, learner) in [(a, ana), (b, ana), (a, onB)] {
                let refused = try await server.call(.GET, "/v1/me", headers: learner.headers)
                expectProblem(refused, status: 401, code: "unauthorized")
            }
            // Tokens stay.
            #expect(try await a.call(.GET, "/v1/me", token: bo.token).status == 200)
            #expect(await a.stop() == 0)
            #expect(await b.stop() == 0)
        } catch {
            await scratch.drop()
            throw error
        }
        await scratch.drop()
    }
}

/// A learner's way in: a bearer token, or the web app's session cookie sent as a page of this server sends it.
struct LearnerCredential: Sendable {
    var token: String?
    var headers: [(String, String)] = []

    /// What a page of this server sends with a state-changing request.
    static let sameOrigin = [("Sec-Fetch-Site", "same-origin")]

    static func bearer(_ secret: String) -> Self { Self(token: secret) }
    static func cookie(_ id: String) -> Self {
        Self(token: nil, headers: [("Cookie", "fcgen_session=\(id)")] + sameOrigin)
    }

    /// The session id a reply's `Set-Cookie` hands out.
    static func sessionID(_ reply: Reply) throws -> String {
        let cookie = try #require(reply.headers["Set-Cookie"].first { $0.hasPrefix("fcgen_session=") })
        return String(cookie.dropFirst("fcgen_session=".count).prefix { $0 != ";" })
    }
}

/// One learner's study session as the instances answered it: each step's state (without XP and times), the reviews
/// that stand, and the XP earned beyond daily challenges.
struct SessionTranscript {
    enum Step: String {
        case read, good, again, hard, easy, undo, end
    }

    /// The steps after the start; with two instances, the first two run on A and the rest (from reading the next
    /// card) on B.
    static let script: [Step] = [.good, .again, .read, .good, .hard, .undo, .easy, .end]
    static let stepsOnFirst = 2

    var steps: [String] = []
    var reviews = 0
    var xpBeyondChallenges = 0

    /// Runs ``script`` for `learner` on `servers` (one: all there; two: moving to the second), reading the session
    /// back through every instance after each step, and checks that the XP the steps reported adds up everywhere.
    static func study(on servers: [RunningServer], as learner: LearnerCredential) async throws -> Self {
        var transcript = Self()
        let started = try await learner.call(
            servers[0], .POST, "/v1/sessions", json: #"{"topicIds": [1], "limit": 5}"#)
        #expect(started.status == 201, "\(started.text)")
        let id = try #require(started.json["id"] as? Int)
        transcript.steps.append("start " + state(started.json))
        var paid = 0
        var last = started.json
        for (index, step) in script.enumerated() {
            let server = servers[index < stepsOnFirst ? 0 : servers.count - 1]
            let path = "/v1/sessions/\(id)"
            let reply: Reply
            switch step {
            case .read: reply = try await learner.call(server, .GET, path)
            case .undo: reply = try await learner.call(server, .POST, path + "/undo")
            case .end: reply = try await learner.call(server, .POST, path + "/end")
            case .good, .again, .hard, .easy:
                let card = try #require((last["next"] as? [String: Any])?["id"] as? Int, "no next card: \(last)")
                reply = try await learner.call(
                    server, .POST, path + "/answer", json: #"{"cardId": \#(card), "rating": "\#(step.rawValue)"}"#)
            }
            #expect(reply.status == 200, "\(step): \(reply.text)")
            last = reply.json
            var line = "\(step) " + state(last)
            if let undone = last["undone"] as? [String: Any] {
                line += " undone=\(undone["cardId"] as? Int ?? 0)/\(undone["reviewRemoved"] as? Bool ?? false)"
                paid -= undone["xpReturned"] as? Int ?? 0
            } else if step != .end {
                paid += last["xpGained"] as? Int ?? 0
            }
            transcript.steps.append(line)
            // Every instance now answers the same about the session.
            for other in servers {
                let read = try await learner.call(other, .GET, path)
                #expect(state(read.json) == state(last), "\(step), read through \(other.base): \(read.text)")
            }
        }
        // The end reports what the whole session earned: its answers' XP less the undone one's, and the end's own.
        let earned = last["xpGained"] as? Int ?? -1
        #expect(earned >= paid && paid > 0, "the session earned \(earned), its answers paid \(paid)")
        for server in servers {
            let me = try await learner.call(server, .GET, "/v1/me")
            #expect(me.json["totalXP"] as? Int == earned, "\(server.base): \(me.text)")
            let stats = try await learner.call(server, .GET, "/v1/stats")
            transcript.reviews = stats.json["totalReviews"] as? Int ?? -1
            let challenges = try await learner.call(server, .GET, "/v1/challenges")
            let completed = (challenges.json["challenges"] as? [[String: Any]] ?? [])
                .filter { $0["completed"] as? Bool == true }.reduce(0) { $0 + ($1["xp"] as? Int ?? 0) }
            transcript.xpBeyondChallenges = earned - completed
        }
        return transcript
    }

    /// A session document's state: its counts, the next card and whether it ended.
    static func state(_ json: [String: any Sendable]) -> String {
        let counts = ["position", "total", "cards", "remaining", "answered", "correct", "failed"].map {
            "\($0)=\(json[$0] as? Int ?? -1)"
        }
        let next = (json["next"] as? [String: Any])?["id"] as? Int
        return
            (counts + [
                "repeat=\(json["nextIsRepeat"] as? Bool ?? false)", "next=\(next.map(String.init) ?? "-")",
                "ended=\(json["endedAt"] != nil)",
            ]).joined(separator: " ")
    }
}

extension LearnerCredential {
    /// `server.call` with this learner's token or cookie.
    func call(
        _ server: RunningServer, _ method: HTTPMethod, _ path: String, json: String? = nil
    ) async throws -> Reply {
        if let json { return try await server.call(method, path, token: token, json: json, headers: headers) }
        return try await server.call(method, path, token: token, headers: headers)
    }
}
