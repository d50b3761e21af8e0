import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// `fcgen-worker` processes on one PostgreSQL database, killed with SIGKILL at two chosen moments: while its request
/// is held by the loopback LLM server, and in the middle of its commit. Either way nothing is half-written and
/// another worker takes the job over once the lease has expired. (The many-hosts load run is ``ManyHostsTests``.)
@Suite(.serialized, .timeLimit(.minutes(10)))
struct PostgresWorkerProcessTests {
    static let topic = "Held topic"

    /// A database with one topic that one 5-card batch satisfies, its store, the loopback server and a CLI runner.
    private struct Setup {
        let database: ScratchPostgresDatabase
        let store: Store
        let server: LoopbackServer
        let cli: CLIRunner

        func workerArguments(_ id: String, lease: String, _ extra: [String]) -> [String] {
            [
                "--db", database.url, "--provider", "openai", "--model", "stub-model",
                "--base-url", server.baseURL.appendingPathComponent("v1").absoluteString, "--lease", lease,
                "--worker-id", id, "--log-format", "json",
            ] + extra
        }

        func launchWorker(_ id: String, lease: String, _ extra: [String]) async throws -> CLIRunner.Running {
            try await cli.launch(executable: "fcgen-worker", workerArguments(id, lease: lease, extra))
        }

        func count(_ sql: String) async throws -> Int64 {
            try await store.read { try await $0.scalarInteger(sql) } ?? -1
        }

        func tearDown() async {
            server.stop()
            cli.cleanUp()
            await database.drop()
        }
    }

    private func setUp(label: String, first: LoopbackServer.Response) async throws -> Setup {
        let database = try await TestPostgresServer.scratchDatabase(label: label)
        let cli = try CLIRunner()
        let server = try await LoopbackServer.start()
        try await server.script([first], default: .init(json: UniqueCardReplies.body(number: 2, cards: 5)))
        let store = try await Store.open(path: database.url, now: .system)
        let topic = try await Topics.ensure(on: store, named: Self.topic)
        try await Topics.setPolicy(on: store, TopicPolicy(refillBelow: 1, batchSize: 5), topicID: topic.id)
        return Setup(database: database, store: store, server: server, cli: cli)
    }

    /// Polls `condition` every 50 ms until it holds or `seconds` pass (by default ``TestPatience``: a hang).
    private func eventually(
        within seconds: Double = Double(TestPatience.seconds), _ condition: () async throws -> Bool
    ) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test func aWorkerKilledWhileItsRequestIsHeldIsTakenOverOnceItsLeaseExpires() async throws {
        // The first request is never answered (the worker dies waiting); later ones answer at once.
        let setup = try await setUp(label: "held", first: .unanswered)
        let (store, server) = (setup.store, setup.server)

        // A 30 s lease, renewed every 10 s: at least 20 s are left when the worker dies, time for the early run even
        // on a loaded machine whose exit monitor lags (6 s was not always enough in CI, and 12 s left little margin).
        let doomed = try await setup.launchWorker("doomed", lease: "30s", ["--once"])
        #expect(try await eventually { try await server.requests().count == 1 })
        doomed.send(SIGKILL)
        let killed = try await doomed.finish()
        let orphan = try #require(try await RefillJobs.list(on: store).first)
        #expect(orphan.status == .running)
        #expect(orphan.leaseOwner == "doomed")
        #expect(WorkerLog(killed.stderr).problems.isEmpty, "\(killed.stderr)")

        let early = try await setup.launchWorker("early", lease: "6s", ["--once"]).finish()
        #expect(early.status == 0, "stderr: \(early.stderr)")
        #expect(WorkerLog(early.stderr).jobs("job_claimed").isEmpty)
        #expect(try await RefillJobs.job(on: store, id: orphan.id)?.status == .running, "the lease has not expired yet")

        let expiry = try #require(orphan.leaseExpiresAt)
        try await Task.sleep(for: .milliseconds(Int(max(0, expiry.timeIntervalSinceNow) * 1000) + 100))
        let rescuer = try await setup.launchWorker("rescuer", lease: "6s", ["--once"]).finish()

        #expect(rescuer.status == 0, "stderr: \(rescuer.stderr)")
        #expect(WorkerLog(rescuer.stderr).problems.isEmpty, "\(rescuer.stderr)")
        #expect(WorkerLog(rescuer.stderr).jobs("job_claimed") == [Int(orphan.id)])
        let job = try #require(try await RefillJobs.job(on: store, id: orphan.id))
        #expect(job.status == .done)
        #expect(job.attempts == 2)
        #expect(job.leaseOwner == "rescuer")
        #expect(try await BatchStorage.list(on: store, topicID: job.topicID).map(\.plan.number) == [1])
        #expect(try await setup.count("SELECT COUNT(*) FROM cards") == 5)
        let asked = PromptedBatch.counts(try await server.requests())
        let expected: [PromptedBatch?: Int] = [PromptedBatch(topic: Self.topic, batch: 1): 2]
        #expect(asked == expected, "the dead worker's request, then the rescuer's")
        await setup.tearDown()
    }

    @Test func aWorkerKilledMidCommitLeavesNothingBehindAndItsJobIsTakenOver() async throws {
        let setup = try await setUp(label: "midcommit", first: .init(json: UniqueCardReplies.body(number: 1, cards: 5)))
        let (store, server) = (setup.store, setup.server)
        // Card inserts wait for this lock; reads of cards (the prompt's memory, dedup keys) do not.
        let lock = try await TableLock.take("LOCK TABLE cards IN SHARE ROW EXCLUSIVE MODE", in: setup.database.url)

        let doomed = try await setup.launchWorker("doomed", lease: "2s", ["--once"])
        let waiting = """
            SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'
                AND query LIKE '%INSERT INTO cards%'
            """
        #expect(try await eventually { try await setup.count("SELECT COUNT(*) FROM (\(waiting)) AS w") == 1 })
        let backend = try await setup.count(waiting)
        // Mid-commit: the transaction has written its batch row (the row lock on batches shows it) and waits at its
        // first card.
        let wroteBatch = try await setup.count(
            """
            SELECT COUNT(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
            WHERE l.pid = \(backend) AND c.relname = 'batches' AND l.mode = 'RowExclusiveLock' AND l.granted
            """)
        #expect(wroteBatch == 1)
        doomed.send(SIGKILL)
        let killed = try await doomed.finish()
        #expect(WorkerLog(killed.stderr).problems.isEmpty, "\(killed.stderr)")
        await lock.release()

        // The server rolls the dead client's transaction back when it next reads from the closed connection.
        #expect(
            try await eventually {
                try await setup.count("SELECT COUNT(*) FROM pg_stat_activity WHERE pid = \(backend)") == 0
            })
        #expect(try await setup.count("SELECT COUNT(*) FROM batches") == 0)
        #expect(try await setup.count("SELECT COUNT(*) FROM cards") == 0)
        let orphan = try #require(try await RefillJobs.list(on: store).first)
        #expect(orphan.status == .running && orphan.leaseOwner == "doomed" && orphan.attempts == 1)

        let rescuer = try await setup.launchWorker("rescuer", lease: "2s", ["--interval", "1s"])
        #expect(try await eventually { try await RefillJobs.job(on: store, id: orphan.id)?.status == .done })
        rescuer.send(SIGTERM)
        let rescued = try await rescuer.finish()

        #expect(rescued.status == 0, "stderr: \(rescued.stderr)")
        #expect(WorkerLog(rescued.stderr).problems.isEmpty, "\(rescued.stderr)")
        #expect(WorkerLog(rescued.stderr).jobs("job_claimed") == [Int(orphan.id)])
        let job = try #require(try await RefillJobs.job(on: store, id: orphan.id))
        #expect(job.attempts == 2 && job.leaseOwner == "rescuer")
        let batches = try await BatchStorage.list(on: store, topicID: job.topicID)
        #expect(batches.map(\.plan.number) == [1])
        #expect(batches.map(\.cardsKept) == [5])
        #expect(try await setup.count("SELECT COUNT(*) FROM cards") == 5)
        let asked = PromptedBatch.counts(try await server.requests())
        let expected: [PromptedBatch?: Int] = [PromptedBatch(topic: Self.topic, batch: 1): 2]
        #expect(asked == expected, "the dead worker's request, then the rescuer's")
        await setup.tearDown()
    }
}
