import Foundation
import NIOHTTP1
import Testing

/// `fcgen token` and `fcgen serve` as commands: what goes to stdout and stderr, the exit codes. (What the service
/// does with a token or a setting is tested in process: BadRequestTests, SignInLimitTests, GenerationCancelTests.)
@Suite("fcgen token, fcgen serve: the command line's output and exit codes", .serialized)
struct CommandLineTests {
    @Test("fcgen token create prints the token alone on stdout; --expires sets an expiry")
    func tokenCreateOutput() async throws {
        let fixture = try ServiceFixture()
        try await fixture.ensureDatabase(user: "ana")
        let created = try await fixture.fcgen(["token", "create", "--user", "ana", "--expires", "30d"])
        #expect(created.status == 0)
        let token = created.stdout.trimmingCharacters(in: .newlines)
        #expect(token.hasPrefix("fcg_") && token.count == 47)
        #expect(!created.stderr.contains(token))
        let list = try await fixture.fcgen(["token", "list", "--json"])
        #expect(list.stdout.contains("expiresAt"))
        #expect(!list.stdout.contains(token))
        #expect(try await fixture.fcgen(["token", "create", "--expires", "soon"]).status == 64)
    }

    @Test("token list shows a token's prefix, never the token; revoke takes an id, an unknown one is exit 65")
    func listAndRevoke() async throws {
        let fixture = try ServiceFixture()
        let learner = try await fixture.token(user: "ana")
        _ = try await fixture.token(user: "bo")
        let list = try await fixture.fcgen(["token", "list", "--json"])
        #expect(!list.stdout.contains(learner) && list.stdout.contains(String(learner.prefix(8))))
        #expect(try await fixture.fcgen(["token", "revoke", "2"]).status == 0)
        let revoked = try await fixture.fcgen(["token", "list", "--json"])
        #expect(revoked.stdout.contains("revokedAt"), "\(revoked.stdout)")
        #expect(try await fixture.fcgen(["token", "revoke", "99"]).status == 65)
    }

    @Test("fcgen serve --sse-keepalive 0 is refused before it starts: exit 64 naming the range")
    func serveRefusesAQuietKeepAlive() async throws {
        let fixture = try ServiceFixture()
        let refused = try await fixture.fcgen(["serve", "--sse-keepalive", "0"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--sse-keepalive must be between 1 and 300 seconds"), "\(refused.stderr)")
    }

    @Test(
        "fcgen serve --no-generations: API only; a generation is queued with the same checks, another instance runs it")
    func apiOnlyInstance() async throws {
        let fixture = try ServiceFixture()
        #expect(try await fixture.fcgen(["--topic", "Roman history", "--batches", "1", "--offline"]).status == 0)
        let admin = try await fixture.token(user: "ops", admin: true)
        let apiOnly = try await fixture.serve(["--no-generations", "--offline"])
        let queued = try await apiOnly.call(.POST, "/v1/topics/1/generations", token: admin, json: #"{"batches": 1}"#)
        #expect(queued.status == 202, "\(queued.text)")
        let id = try #require(queued.json["id"] as? String)
        let polled = try await apiOnly.call(.GET, "/v1/generations/\(id)", token: admin)
        #expect(polled.json["status"] as? String == "queued", "\(polled.text)")
        // The offline check of a generating instance: no recorded replies for this topic, nothing queued.
        let unknown = try await apiOnly.call(.POST, "/v1/topics", token: admin, json: #"{"name": "Knitting"}"#)
        let unknownID = try #require((unknown.json["topic"] as? [String: Any])?["id"] as? Int)
        let refused = try await apiOnly.call(
            .POST, "/v1/topics/\(unknownID)/generations", token: admin, json: #"{"batches": 1}"#)
        #expect(refused.status == 400, "\(refused.text)")
        #expect(try await apiOnly.call(.GET, "/readyz").status == 200)
        #expect(try await apiOnly.call(.GET, "/v1/topics/1/feed?limit=2", token: admin).status == 200)
        #expect(await apiOnly.stop() == 0)

        // An instance that runs generations, on the same database, runs the one queued there.
        let generating = try await fixture.serve(["--offline"])
        #expect(try await generating.waitForGeneration(id, status: "succeeded", token: admin) == "succeeded")
        let refusedThere = try await generating.call(
            .POST, "/v1/topics/\(unknownID)/generations", token: admin, json: #"{"batches": 1}"#)
        #expect(refusedThere.status == refused.status, "\(refusedThere.text)")
        let listed = try await generating.call(.GET, "/v1/generations", token: admin)
        #expect((listed.json["generations"] as? [[String: Any]])?.count == 1, "nothing queued for the refused one")
        #expect(await generating.stop() == 0)
    }
}
