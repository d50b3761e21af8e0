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

    @Test("fcgen serve --no-generations: API only; a generation request is 503 saying why, the rest answers")
    func apiOnlyInstance() async throws {
        let fixture = try ServiceFixture()
        #expect(try await fixture.fcgen(["--topic", "Roman history", "--batches", "1", "--offline"]).status == 0)
        let admin = try await fixture.token(user: "ops", admin: true)
        let server = try await fixture.serve(["--no-generations"])
        let refused = try await server.call(
            .POST, "/v1/topics/1/generations", token: admin, json: #"{"batches": 1}"#)
        #expect(refused.status == 503, "\(refused.text)")
        #expect(refused.text.contains("--no-generations"), "\(refused.text)")
        #expect(try await server.call(.GET, "/readyz").status == 200)
        #expect(try await server.call(.GET, "/v1/topics/1/feed?limit=2", token: admin).status == 200)
        #expect(await server.stop() == 0)
    }
}
