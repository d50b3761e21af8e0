import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Synchronization
import Testing

/// `kill -9` under write load, then a restart on the same database: the store is intact, every review the server
/// acknowledged is there exactly once, and a retry with the same `Idempotency-Key` gets the first answer back
/// without paying XP again. On SQLite (a file) and on PostgreSQL.
@Suite("fcgen serve: kill -9 under review load, then restart", .serialized)
struct CrashRecoveryTests {
    @Test("SQLite: integrity ok, no lost acknowledged review, replays pay no XP")
    func sqlite() async throws {
        try await Self.killUnderLoad(ServiceFixture())
    }

    @Test("PostgreSQL: no lost acknowledged review, replays pay no XP")
    func postgres() async throws {
        let database = try await TestPostgresServer.scratchDatabase(label: "crash")
        do {
            try await Self.killUnderLoad(ServiceFixture(database: database.url))
        } catch {
            await database.drop()
            throw error
        }
        await database.drop()
    }

    static func killUnderLoad(_ fixture: ServiceFixture) async throws {
        #expect(try await fixture.fcgen(["--topic", "Roman history", "--batches", "1", "--offline"]).status == 0)
        var tokens: [String] = []
        for index in 0..<8 { tokens.append(try await fixture.token(user: "learner\(index)")) }
        let limits = ["--rate-burst", "1000000", "--rate-limit", "1000000"]
        let first = try await fixture.serve(limits)
        let page = try await first.call(.GET, "/v1/topics/1/cards?limit=200", token: tokens[0])
        let cards = ((page.json["cards"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? Int }
        try #require(cards.count >= 4, "\(page.text)")

        // Eight learners post reviews back to back until the server is killed mid-load (one client each: a
        // learner's reviews of a card must come in time order, so one learner never races itself).
        let load = ReviewLoad(tokens: tokens, cards: cards)
        let clients = Task {
            await withTaskGroup(of: Void.self) { group in
                for client in 0..<8 { group.addTask { await load.run(client: client, against: first) } }
            }
        }
        let start = ContinuousClock.now
        // Kill once the load is well under way: 40 acknowledged reviews (``TestPatience`` guards a hang only: a busy
        // machine takes longer, and the kill must still land mid-load).
        while load.acknowledgedCount < 40 && ContinuousClock.now - start < TestPatience.duration {
            try await Task.sleep(for: .milliseconds(20))
        }
        first.process.send(SIGKILL)
        load.stop()
        let ended = try await first.process.exit()
        await clients.value
        let acknowledged = load.acknowledged
        #expect(load.refused.isEmpty, "\(load.refused.prefix(3))")
        #expect(acknowledged.count >= 10, "only \(acknowledged.count) reviews were acknowledged before the kill")
        #expect(ended == .signalled(SIGKILL))

        // The restarted server answers every retry of an acknowledged review with the first answer, paying nothing.
        let second = try await fixture.serve(limits)
        #expect(try await second.call(.GET, "/readyz").status == 200)
        let xpBefore = try await Self.totalXP(second, tokens: tokens)
        for sent in acknowledged {
            let replay = try await sent.post(to: second, token: tokens[sent.learner])
            #expect(replay.status == 201, "\(sent.key): \(replay.text)")
            #expect(replay.headers.first(name: "Idempotent-Replayed") == "true", "\(sent.key)")
            #expect(replay.text == sent.answer, "\(sent.key)")
        }
        #expect(try await Self.totalXP(second, tokens: tokens) == xpBefore)
        // Requests cut off by the kill were either committed (a replay) or not (stored now): once either way.
        let unsettled = load.unsettled
        for sent in unsettled {
            #expect(try await sent.post(to: second, token: tokens[sent.learner]).status == 201, "\(sent.key)")
        }
        #expect(await second.stop() == 0)

        let store = try await Store.open(existingAt: fixture.databasePath, now: .system)
        #expect(try await store.integrityCheck() == "ok")
        for learner in 0..<tokens.count {
            let user = try #require(try await Learners.named(on: store, "learner\(learner)"))
            var stored: [Int64] = []
            for card in cards {
                let log = try await store.read { try await $0.reviewLog(userID: user.id, cardID: Int64(card)) }
                stored += log.map { Int64(($0.reviewedAt.timeIntervalSince1970 * 1000).rounded()) }
            }
            // Every review of the learner is one of the requests, each request's review is there exactly once.
            let sent = (acknowledged + unsettled).filter { $0.learner == learner }.map(\.atMilliseconds)
            #expect(stored.count == sent.count, "learner\(learner): \(stored.count) stored, \(sent.count) sent")
            #expect(Set(stored) == Set(sent), "learner\(learner): \(Set(sent).subtracting(stored).count) lost")
        }
    }

    /// Every learner's total XP from `GET /v1/me`.
    static func totalXP(_ server: RunningServer, tokens: [String]) async throws -> [Int] {
        var totals: [Int] = []
        for token in tokens {
            let me = try await server.call(.GET, "/v1/me", token: token)
            totals.append(try #require(me.json["totalXP"] as? Int, "\(me.text)"))
        }
        return totals
    }
}
