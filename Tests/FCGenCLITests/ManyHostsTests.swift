import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Many hosts on one PostgreSQL database, three processes standing in for them on loopback: three `fcgen-worker`
/// daemons refill 100 topics × 10 batches while the CLI, a fourth host, subscribes some of those topics and
/// generates a topic of its own. One worker is killed with SIGKILL while its jobs are in flight under load. Every job
/// must be done exactly once, every topic's batches numbered 1…10 with each batch's cards, and the killed worker's
/// jobs taken over once their leases expire.
///
/// The installation a real deployment runs: topics subscribed with a refill policy (`fcgen topic add … --max-batches
/// 10`), workers as daemons (`--interval`, `--top-up`) that enqueue due topics themselves; the test stops them with
/// SIGTERM once every job is done.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct ManyHostsTests {
    static let topics = 100
    static let batches = 10
    static let cardsPerBatch = 5
    /// The last of the topics, subscribed through `fcgen topic add` while the workers run.
    static let topicsAddedByTheCLI = 10
    static let workerIDs = ["host-a", "host-b", "host-c"]
    static let victim = "host-c"
    static let concurrency = 6
    static let cliTopic = "Fourth host"
    /// Long enough that a live worker renews its leases in time when the full suite starves it of CPU (3 s was not:
    /// a survivor lost one in CI), short enough that the killed worker's jobs are taken over well within the test.
    static let leaseSeconds = 15

    private func workerArguments(_ id: String, _ url: String, _ server: LoopbackServer) -> [String] {
        [
            "--db", url, "--provider", "openai", "--model", "stub-model",
            "--base-url", server.baseURL.appendingPathComponent("v1").absoluteString,
            "--interval", "1s", "--top-up", "--concurrency", "\(Self.concurrency)", "--lease", "\(Self.leaseSeconds)s",
            "--worker-id", id, "--log-format", "json",
        ]
    }

    /// The fourth host: subscribes `names` one by one as an operator would, then generates a topic of its own.
    private func fourthHost(
        _ cli: CLIRunner, _ url: String, _ server: LoopbackServer, _ names: [String]
    ) async throws -> [CLIRunner.Result] {
        var results: [CLIRunner.Result] = []
        for name in names {
            results.append(
                try await cli.finish([
                    "topic", "add", name, "--refill-below", "1000", "--batch-size", "\(Self.cardsPerBatch)",
                    "--max-batches", "\(Self.batches)", "--db", url,
                ]))
        }
        // The path-driven stub route: new cards for every request, outline requests answered, nothing recorded.
        results.append(
            try await cli.finish([
                "--topic", Self.cliTopic, "--batches", "\(Self.batches)", "--db", url, "--provider", "openai",
                "--model", "stub-model", "--base-url", server.url("/openai/0.05/v1").absoluteString,
            ]))
        return results
    }

    /// Polls `condition` every 100 ms until it holds or `seconds` pass.
    private func eventually(within seconds: Double, _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    @Test func threeWorkersAndTheCLIRefillAHundredTopicsOnOnePostgresDatabase() async throws {
        let database = try await TestPostgresServer.scratchDatabase(label: "hosts")
        let cli = try CLIRunner()
        let server = try await LoopbackServer.start()
        defer {
            server.stop()
            cli.cleanUp()
        }
        // Every request gets cards no other request gets; the spares cover the killed worker's repeated requests.
        // Past them the stub answers 500, which would fail a job and show up in the logs.
        let jobCount = Self.topics * Self.batches
        try await server.script(
            (1...(jobCount + 50)).map {
                .init(json: UniqueCardReplies.body(number: $0, cards: Self.cardsPerBatch), delaySeconds: 0.05)
            })
        let store = try await Store.open(path: database.url, now: .system)
        let count = { (sql: String) in try await store.read { try await $0.scalarInteger(sql) } ?? -1 }
        let text = { (sql: String) in try await store.read { try await $0.scalarText(sql) } ?? "" }
        let names = (1...Self.topics).map { String(format: "Host topic %03d", $0) }
        let policy = TopicPolicy(refillBelow: 1000, batchSize: Self.cardsPerBatch, maxBatches: Self.batches)
        try await store.write("subscribe topics") { tx in
            for name in names.dropLast(Self.topicsAddedByTheCLI) {
                try await Topics.setPolicy(policy, topicID: try Topics.ensure(named: name, in: tx).id, in: tx)
            }
        }

        let clock = ContinuousClock()
        let start = clock.now
        var workers: [String: CLIRunner.Running] = [:]
        for id in Self.workerIDs {
            workers[id] = try await cli.launch(executable: "fcgen-worker", workerArguments(id, database.url, server))
        }
        async let cliResults = fourthHost(cli, database.url, server, Array(names.suffix(Self.topicsAddedByTheCLI)))

        // Under load: a third of the jobs done and the victim holding at least one.
        var held: Int64 = 0
        let loaded = try await eventually(within: Double(TestPatience.seconds)) {
            let done = try await count("SELECT COUNT(*) FROM jobs WHERE status = 'done'")
            held = try await count(
                "SELECT COUNT(*) FROM jobs WHERE status = 'running' AND lease_owner = '\(Self.victim)'")
            return done >= Int64(jobCount / 3) && held > 0
        }
        #expect(loaded)
        let victimProcess = try #require(workers[Self.victim])
        victimProcess.send(SIGKILL)
        let victim = WorkerLog(try await victimProcess.finish().stderr)
        // Read once the process is gone: the job counted above may have been stored in the moment before the
        // signal landed, and only the jobs it still held at death must be taken over.
        let heldAtDeath = Set(
            try await RefillJobs.list(on: store).filter { $0.status == .running && $0.leaseOwner == Self.victim }.map(
                \.id))

        let finished = try await eventually(within: 300) {
            try await count("SELECT COUNT(*) FROM jobs WHERE status = 'done'") == Int64(jobCount)
        }
        let wall = (clock.now - start) / .seconds(1)
        var logs = [Self.victim: victim]
        for id in Self.workerIDs where id != Self.victim {
            let worker = try #require(workers[id])
            worker.send(SIGTERM)
            let result = try await worker.finish()
            #expect(result.status == 0, "\(id) stderr: \(result.stderr.suffix(2000))")
            logs[id] = WorkerLog(result.stderr)
        }
        for result in try await cliResults {
            #expect(result.status == 0, "fcgen stderr: \(result.stderr)")
        }
        let unfinished = try await RefillJobs.list(on: store).filter { $0.status != .done }
        #expect(finished, "jobs not done: \(unfinished.count), e.g. \(unfinished.prefix(3))")

        try await checkBatches(count, text, jobCount: jobCount)
        let jobs = try await RefillJobs.list(on: store)
        try await checkAttemptsAndRequests(jobs, logs: logs, heldAtDeath: heldAtDeath, server: server)

        let claims = jobs.reduce(0) { $0 + $1.attempts }
        let split = Self.workerIDs.map { "\($0) \(logs[$0]?.jobs("job_claimed").count ?? 0)" }
        print(
            "many hosts: \(jobs.count) jobs, \(claims) claims in \(String(format: "%.1f", wall)) s "
                + "(\(String(format: "%.1f", Double(claims) / wall)) claims/s); claims by worker: "
                + "\(split.joined(separator: ", ")); \(Self.victim) killed holding \(heldAtDeath.count) running, "
                + "\(jobs.filter { $0.attempts > 1 }.count) taken over")
        await database.drop()
    }

    /// Each topic's jobs and batches run 1…10 without a gap or a repeat, each batch holds the cards it counts.
    private func checkBatches(
        _ count: (String) async throws -> Int64, _ text: (String) async throws -> String, jobCount: Int
    ) async throws {
        let runs = "HAVING COUNT(*) <> 10 OR COUNT(DISTINCT %@) <> 10 OR MIN(%@) <> 1 OR MAX(%@) <> 10"
        let badJobs =
            "SELECT topic_id FROM jobs GROUP BY topic_id " + runs.replacingOccurrences(of: "%@", with: "batch_number")
        // A failure names the jobs of the topics it is about (one run at load 16 stored 6 jobs too many).
        let badDetail = try await text(
            """
            SELECT string_agg(j.topic_id || ':' || j.id || ' batch ' || COALESCE(j.batch_number, 0) || ' attempts '
                || j.attempts || ' ' || j.status || ' ' || COALESCE(j.lease_owner, '-') || ' created '
                || j.created_at || ' finished ' || COALESCE(j.finished_at, 0), '; ' ORDER BY j.id)
            FROM jobs j WHERE j.topic_id IN (\(badJobs))
            """)
        #expect(try await count("SELECT COUNT(*) FROM jobs") == Int64(jobCount), "\(badDetail)")
        #expect(try await count("SELECT COUNT(DISTINCT topic_id) FROM jobs") == Int64(Self.topics))
        #expect(try await count("SELECT COUNT(*) FROM (\(badJobs)) AS bad") == 0, "\(badDetail)")
        // The CLI's own topic included: 101 topics with batches 1…10.
        let badBatches =
            "SELECT topic_id FROM batches GROUP BY topic_id " + runs.replacingOccurrences(of: "%@", with: "number")
        #expect(try await count("SELECT COUNT(*) FROM (\(badBatches)) AS bad") == 0)
        #expect(try await count("SELECT COUNT(DISTINCT topic_id) FROM batches") == Int64(Self.topics + 1))
        #expect(
            try await count(
                """
                SELECT COUNT(*) FROM jobs j WHERE NOT EXISTS
                    (SELECT 1 FROM batches b WHERE b.topic_id = j.topic_id AND b.number = j.batch_number)
                """) == 0)
        #expect(
            try await count(
                """
                SELECT COUNT(*) FROM batches b
                WHERE b.cards_kept < 1 OR b.cards_kept <> (SELECT COUNT(*) FROM cards c WHERE c.batch_id = b.id)
                """) == 0, "a batch without its cards")
        let kept = try await count("SELECT SUM(cards_kept) FROM batches")
        #expect(try await count("SELECT COUNT(*) FROM cards") == kept)
        let short = try await count(
            "SELECT COUNT(*) FROM batches b JOIN jobs j ON j.topic_id = b.topic_id AND j.batch_number = b.number "
                + "WHERE b.cards_kept <> \(Self.cardsPerBatch)")
        #expect(short == 0, "every reply's cards are new to its topic")
    }

    /// Attempts: 1, except the killed worker's unfinished jobs, taken over by a survivor (2). Requests: one per
    /// job, two at most for a job taken over. Logs: no warning or error, and every worker claimed jobs.
    private func checkAttemptsAndRequests(
        _ jobs: [Job], logs: [String: WorkerLog], heldAtDeath: Set<Int64>, server: LoopbackServer
    ) async throws {
        let victim = logs[Self.victim] ?? WorkerLog("")
        // What the victim finished, by its log. Its claims are not a complete list: SIGKILL can land between a
        // claim's commit and its log line, so a job it held may be missing from its `job_claimed` lines.
        let storedByVictim = Set(victim.jobs("batch_stored"))
        let retaken = jobs.filter { $0.attempts != 1 }
        #expect(
            heldAtDeath.isSubset(of: Set(retaken.map(\.id))),
            "the killed worker died holding \(heldAtDeath.sorted()); a survivor must have taken each over")
        for job in retaken {
            #expect(
                job.attempts == 2 && !storedByVictim.contains(Int(job.id)), "job \(job.id): \(job.attempts) attempts")
            #expect(job.leaseOwner != Self.victim && job.leaseOwner != nil)
        }
        for (id, log) in logs {
            #expect(log.problems.isEmpty, "\(id): \(log.problems.prefix(5))")
            #expect(!log.jobs("job_claimed").isEmpty, "\(id) claimed nothing")
            #expect(Set(log.jobs("batch_stored")).count == log.jobs("batch_stored").count)
        }
        let stored = logs.values.flatMap { $0.jobs("batch_stored") }
        #expect(Set(stored).count == stored.count, "no job reported done twice")

        let asked = PromptedBatch.counts(try await server.requests())
        #expect(asked[nil] == nil, "every request asked for a batch of the prompt")
        var expected: [PromptedBatch?: ClosedRange<Int>] = [:]
        for job in jobs {
            let key = PromptedBatch(topic: job.topicName, batch: job.batchNumber ?? 0)
            expected[key] = job.attempts == 1 ? 1...1 : 1...2
        }
        #expect(Set(asked.keys) == Set(expected.keys), "requests for batches no job had, or jobs never asked for")
        let repeated = asked.filter { key, value in !(expected[key] ?? 0...0).contains(value) }
        #expect(repeated.isEmpty, "requests sent more often than their job's attempts allow: \(repeated.prefix(5))")
    }
}
