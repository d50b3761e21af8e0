import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// `fcgen-worker` as separate processes on one temp database, against the loopback stub LLM server.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct WorkerProcessTests {
    /// An OpenAI chat-completions reply with three cards.
    private static let reply: String = {
        let cards = (1...3).map { ["question": "Stub question \($0)?", "answer": "Answer \($0)", "type": "question"] }
        let content = (try? JSONSerialization.data(withJSONObject: ["cards": cards], options: [.sortedKeys])) ?? Data()
        let body: [String: Any] = [
            "id": "chatcmpl-stub", "object": "chat.completion", "model": "stub-model",
            "choices": [
                [
                    "index": 0, "finish_reason": "stop",
                    "message": ["role": "assistant", "content": String(decoding: content, as: UTF8.self)],
                ]
            ],
            "usage": ["prompt_tokens": 10, "completion_tokens": 20, "total_tokens": 30],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }()

    /// Subscribes `count` topics that one batch satisfies (refill below 1 card).
    private func subscribe(_ count: Int, in store: Store) async throws {
        for index in 1...count {
            let topic = try await Topics.ensure(on: store, named: "Topic \(index)")
            try await Topics.setPolicy(on: store, TopicPolicy(refillBelow: 1, batchSize: 3), topicID: topic.id)
        }
    }

    private func workerArguments(
        _ cli: CLIRunner, _ server: LoopbackServer, _ extra: [String], lease: String = "2s"
    ) -> [String] {
        [
            "--db", cli.databasePath, "--provider", "openai", "--model", "stub-model",
            "--base-url", server.baseURL.appendingPathComponent("v1").absoluteString, "--lease", lease,
        ] + extra
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

    @Test func twoWorkersRacingForFiftyJobsRunEachOnce() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([], default: .init(json: Self.reply, delaySeconds: 0.02))
        let store = try await Store.open(path: cli.databasePath, now: .system)
        try await subscribe(50, in: store)

        var workers: [CLIRunner.Running] = []
        for id in ["a", "b"] {
            workers.append(
                try await cli.launch(
                    executable: "fcgen-worker",
                    workerArguments(cli, server, ["--once", "--concurrency", "4", "--worker-id", "worker-\(id)"])))
        }
        var results: [CLIRunner.Result] = []
        for worker in workers { results.append(try await worker.finish()) }

        for result in results {
            #expect(result.status == 0, "stderr: \(result.stderr)")
            #expect(!result.stderr.contains("locked") && !result.stderr.contains("SQLite code 5"))
        }
        let claims = results.map { $0.stderr.components(separatedBy: " claimed: ").count - 1 }
        #expect(claims.reduce(0, +) == 50)
        let jobs = try await RefillJobs.list(on: store)
        #expect(jobs.count == 50)
        #expect(jobs.allSatisfy { $0.status == .done && $0.attempts == 1 && $0.batchNumber == 1 })
        #expect(try await server.requests().count == 50, "each job sent exactly one request")
        for job in jobs {
            #expect(try await BatchStorage.list(on: store, topicID: job.topicID).map(\.plan.number) == [1])
        }
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 150)
        #expect(try await store.integrityCheck() == "ok")
    }

    @Test func aWorkerKilledMidJobIsTakenOverAfterItsLeaseExpires() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        // The first request is never answered (the worker dies waiting); later ones answer at once.
        try await server.script([.unanswered], default: .init(json: Self.reply))
        let store = try await Store.open(path: cli.databasePath, now: .system)
        try await subscribe(1, in: store)

        // A lease long enough that the second worker below starts and finishes inside it on a loaded machine (12 s
        // left too little once the kill's reaping lagged).
        let doomed = try await cli.launch(
            executable: "fcgen-worker", workerArguments(cli, server, ["--once"], lease: "30s"))
        #expect(try await eventually { try await server.requests().count == 1 })
        doomed.send(SIGKILL)
        _ = try await doomed.finish()
        let orphan = try #require(try await RefillJobs.list(on: store).first)
        #expect(orphan.status == .running)

        let early = try await cli.launch(executable: "fcgen-worker", workerArguments(cli, server, ["--once"])).finish()
        #expect(early.status == 0, "stderr: \(early.stderr)")
        #expect(try await RefillJobs.job(on: store, id: orphan.id)?.status == .running, "the lease has not expired yet")

        let expiry = try #require(orphan.leaseExpiresAt)
        try await Task.sleep(for: .milliseconds(Int(max(0, expiry.timeIntervalSinceNow) * 1000) + 100))
        let rescuer = try await cli.launch(executable: "fcgen-worker", workerArguments(cli, server, ["--once"]))
            .finish()

        #expect(rescuer.status == 0, "stderr: \(rescuer.stderr)")
        let job = try #require(try await RefillJobs.job(on: store, id: orphan.id))
        #expect(job.status == .done)
        #expect(job.attempts == 2)
        #expect(try await BatchStorage.list(on: store, topicID: job.topicID).map(\.plan.number) == [1])
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 3)
        #expect(try await store.integrityCheck() == "ok")
    }

    @Test func sigtermLetsTheJobInFlightFinishWithinTheGracePeriod() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        // The reply comes once the worker has announced the signal: the job is in flight across it, and the grace
        // period (the tests' patience) is not what a loaded machine's storing of it could overrun.
        try await server.script([], default: .init(json: Self.reply, gate: "signalled"))
        let store = try await Store.open(path: cli.databasePath, now: .system)
        try await subscribe(1, in: store)

        let worker = try await cli.launch(
            executable: "fcgen-worker",
            workerArguments(cli, server, ["--interval", "1h", "--grace", "\(TestPatience.seconds)s"]))
        #expect(try await eventually { try await server.requests().count == 1 })
        worker.send(SIGTERM)
        #expect(try await eventually { worker.stderr.contains("signal 15 (SIGTERM): claiming no more jobs") })
        server.release("signalled")
        let result = try await worker.finish()

        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("signal 15"))
        #expect(try await RefillJobs.list(on: store).map(\.status) == [.done])
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 3)
    }

    @Test func sigtermReleasesTheJobWhenTheGracePeriodRunsOut() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        // The reply never comes: only the end of the 1 s grace can end the wait, however slow the machine.
        try await server.script([], default: .unanswered)
        let store = try await Store.open(path: cli.databasePath, now: .system)
        try await subscribe(1, in: store)

        let worker = try await cli.launch(
            executable: "fcgen-worker", workerArguments(cli, server, ["--once", "--grace", "1s"]))
        #expect(try await eventually { try await server.requests().count == 1 })
        worker.send(SIGTERM)
        let result = try await worker.finish()

        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("released on shutdown"))
        let job = try #require(try await RefillJobs.list(on: store).first)
        #expect(job.status == .queued)
        #expect(job.attempts == 0)
        #expect(job.leaseOwner == nil)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM batches") == 0)
        #expect(try await store.integrityCheck() == "ok")
    }

    @Test func aSecondSignalStopsAtOnceAndReleasesTheJob() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        // The reply never comes and the grace outlasts any test: only the second signal can end the worker (were it
        // ignored, the suite's time limit would end the test, failed).
        try await server.script([], default: .unanswered)
        let store = try await Store.open(path: cli.databasePath, now: .system)
        try await subscribe(1, in: store)

        let worker = try await cli.launch(
            executable: "fcgen-worker", workerArguments(cli, server, ["--once", "--grace", "1d"]))
        #expect(try await eventually { try await server.requests().count == 1 })
        worker.send(SIGTERM)
        // Two signals sent back to back may arrive as one; the second goes once the first is announced.
        #expect(try await eventually { worker.stderr.contains("signal 15 (SIGTERM): claiming no more jobs") })
        worker.send(SIGINT)
        let result = try await worker.finish()

        #expect(result.status == 128 + SIGINT, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("signal 2 (SIGINT) again: stopping now"))
        #expect(result.stderr.contains("released on shutdown"))
        let job = try #require(try await RefillJobs.list(on: store).first)
        #expect(job.status == .queued)
        #expect(job.leaseOwner == nil)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM batches") == 0)
    }
}
