import FCTestSupport
import Foundation
import Testing

/// Budgets and usage through the built binaries and the loopback LLM stub: `fcgen usage` against what the stub
/// reported, `--max-cost` stopping a run before a request, daily budgets in `fcgen-worker`, and the refusals.
/// The limit is generous: each test is a few seconds alone, but waits for process slots when the whole suite runs.
@Suite(.timeLimit(.minutes(10)))
struct BudgetCommandTests {
    /// A config that prices the stub's model at $1 / $2 per million tokens and caps replies at 1,000 tokens.
    private func config(_ cli: CLIRunner) throws -> String {
        let url = cli.directory.appendingPathComponent("budget-config.json")
        try Data(
            #"""
            {"max_output_tokens": 1000, "concurrency": 1,
             "prices": {"stub-model": {"input_per_million": 1, "output_per_million": 2}}}
            """#.utf8
        ).write(to: url)
        return url.path
    }

    private func generate(_ cli: CLIRunner, _ server: LoopbackServer, topic: String, batches: Int, _ extra: [String])
        async throws -> CLIRunner.Result
    {
        try await cli.run(
            [
                "--topic", topic, "--batches", "\(batches)", "--provider", "openai", "--model", "stub-model",
                "--base-url", server.url("/openai/0/v1").absoluteString, "--db", cli.databasePath,
                "--config", try config(cli),
            ] + extra)
    }

    /// The stub's counters: chat requests answered and the token usage their replies reported.
    private func stats(_ server: LoopbackServer) async throws -> [String: Int] {
        try await server.counters()
    }

    @Test func aTenBatchRunsUsageEqualsTheUsageTheProviderReported() async throws {
        let cli = try CLIRunner()
        let server = try await LoopbackServer.start()
        defer {
            server.stop()
            cli.cleanUp()
        }
        let run = try await generate(cli, server, topic: "Roman history", batches: 10, [])
        #expect(run.status == 0, "\(run.stderr)")
        let reported = try await stats(server)
        #expect(reported["chats"] == 11, "an outline and ten batches")

        let check = SchemaCheck(cli)
        let usage = try await check.run(
            ["usage", "--db", cli.databasePath, "--config", try config(cli)], schema: "usage")
        let document = try check.object(usage)
        let totals = try #require(document["totals"] as? [String: Any])
        #expect(totals["inputTokens"] as? Int == reported["prompt_tokens"])
        #expect(totals["outputTokens"] as? Int == reported["completion_tokens"])
        #expect(totals["requests"] as? Int == 11)
        let expectedCost =
            Double(reported["prompt_tokens"] ?? 0) / 1e6 + 2 * Double(reported["completion_tokens"] ?? 0) / 1e6
        #expect(abs((totals["costUSD"] as? Double ?? 0) - expectedCost) < 0.0001)
        let lines = try #require(document["lines"] as? [[String: Any]])
        #expect(lines.count == 1)
        #expect(lines.first?["topic"] as? String == "Roman history")
        #expect(lines.first?["model"] as? String == "stub-model")
        try await check.run(
            ["usage", "--since", "2000-01-01", "--topic", "roman HISTORY", "--db", cli.databasePath],
            schema: "usage")
        try await check.run(["topic", "show", "Roman history", "--db", cli.databasePath], schema: "topic")
        try await check.validate()

        let text = try await cli.run(["usage", "--db", cli.databasePath])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Roman history"))
        #expect(text.stdout.split(separator: "\n").last?.hasPrefix("total") == true)
    }

    @Test func maxCostStopsBeforeTheRequestThatWouldCrossItAndKeepsTheStoredBatches() async throws {
        let cli = try CLIRunner()
        let server = try await LoopbackServer.start()
        defer {
            server.stop()
            cli.cleanUp()
        }
        // Each request's worst case is ≈ $0.003 (its prompt, plus 1,000 output tokens at $2 per million); each reply
        // costs ≈ $0.0015. $0.008 lets a few batches through, not ten.
        let run = try await generate(cli, server, topic: "Roman history", batches: 10, ["--max-cost", "0.008"])
        #expect(run.status == 3, "\(run.stderr)")
        let mentions = run.stderr.split(separator: "\n").filter { $0.contains("budget:") }
        #expect(mentions.count == 1, "said once: \(run.stderr)")
        let line = try #require(mentions.first)
        #expect(line.hasPrefix("fcgen: error: topic \"Roman history\", batch "))
        #expect(line.contains("budget: $0.0"))
        #expect(line.contains("of $0.0080 (--max-cost)"))
        #expect(line.contains("stopped before its request was sent"))

        let batches = try await cli.run(["batches", "--topic", "Roman history", "--json", "--db", cli.databasePath])
        let stored = try #require(
            (try JSONSerialization.jsonObject(with: Data(batches.stdout.utf8)) as? [String: Any])?["batches"]
                as? [Any])
        #expect(stored.count >= 1 && stored.count < 10)
        #expect(line.contains("batch \(stored.count + 1) may cost up to"), "\(line)")
        // The outline and the stored batches went out; the refused batch's request did not.
        #expect(try await stats(server)["chats"] == stored.count + 1)
    }

    @Test func badBudgetsAreRefusedBeforeAnythingIsSent() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let zero = try await cli.run(["--topic", "X", "--offline", "--max-cost", "0", "--db", cli.databasePath])
        #expect(zero.status == 64)
        #expect(zero.stderr.contains("--max-cost must be greater than 0"))

        let unpriced = try await cli.run(["--topic", "X", "--offline", "--max-cost", "1", "--db", cli.databasePath])
        #expect(unpriced.status == 65, "\(unpriced.stderr)")
        #expect(unpriced.stderr.contains("no price for model \"fixture\""))
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath), "nothing half-stored, not even a database")

        let config = cli.directory.appendingPathComponent("bad-prices.json")
        try Data(#"{"prices": {"gpt-4o-mini": {"input_per_million": -1, "output_per_million": 0.6}}}"#.utf8)
            .write(to: config)
        let negative = try await cli.run([
            "--topic", "X", "--offline", "--config", config.path, "--db", cli.databasePath,
        ])
        #expect(negative.status == 65)
        #expect(negative.stderr.contains("key \"prices.gpt-4o-mini.input_per_million\": expected US dollars"))

        let worker = try await cli.run(executable: "fcgen-worker", ["--once", "--offline", "--daily-budget", "0"])
        #expect(worker.status == 64)
        #expect(worker.stderr.contains("--daily-budget must be greater than 0"))
        let topic = try await cli.run(["topic", "add", "X", "--daily-budget", "-1", "--db", cli.databasePath])
        #expect(topic.status == 64)
    }

    @Test func regeneratingAnOutlineStopsBeforeARequestOverMaxCost() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        #expect(try await cli.run(["--topic", "Roman history", "--offline"] + db).status == 0)
        let config = cli.directory.appendingPathComponent("fixture-prices.json")
        try Data(#"{"prices": {"fixture": {"input_per_million": 1, "output_per_million": 1}}}"#.utf8).write(to: config)
        let before = try await cli.run(["usage", "--json"] + db)

        let stopped = try await cli.run(
            [
                "topic", "plan", "Roman history", "--regenerate", "--offline", "--max-cost", "0.000001", "--config",
                config.path,
            ] + db)
        #expect(stopped.status == 3, "\(stopped.stderr)")
        #expect(stopped.stderr.contains("the outline request may cost up to"))
        #expect(try await cli.run(["usage", "--json"] + db).stdout == before.stdout, "nothing was sent")

        let unpriced = try await cli.run(
            ["topic", "plan", "Roman history", "--regenerate", "--offline", "--max-cost", "1"] + db)
        #expect(unpriced.status == 65)
        #expect(unpriced.stderr.contains("no price for model \"fixture\""))
    }

    @Test func theWorkerSkipsATopicWhoseDailyBudgetIsSpentAndTheJobStaysQueued() async throws {
        let cli = try CLIRunner()
        let server = try await LoopbackServer.start()
        defer {
            server.stop()
            cli.cleanUp()
        }
        let run = try await generate(cli, server, topic: "Roman history", batches: 1, [])
        #expect(run.status == 0, "\(run.stderr)")
        let add = try await cli.run([
            "topic", "set", "Roman history", "--refill-below", "1000", "--batch-size", "5", "--daily-budget", "0.001",
            "--db", cli.databasePath,
        ])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("daily budget: $0.0010, spent today (UTC): $0.0"))
        let before = try await stats(server)["chats"]

        let worker = try await cli.run(
            executable: "fcgen-worker",
            [
                "--once", "--db", cli.databasePath, "--config", try config(cli), "--provider", "openai",
                "--model", "stub-model", "--base-url", server.url("/openai/0/v1").absoluteString,
            ])
        #expect(worker.status == 0, "skipped, not failed: \(worker.stderr)")
        #expect(worker.stderr.contains("skipped until"))
        #expect(worker.stderr.contains("1 deferred by budget"))
        #expect(try await stats(server)["chats"] == before, "no request was sent")
        let jobs = try await cli.run(["jobs", "--json", "--db", cli.databasePath])
        let job = try #require(
            ((try JSONSerialization.jsonObject(with: Data(jobs.stdout.utf8)) as? [String: Any])?["jobs"]
                as? [[String: Any]])?.first)
        #expect(job["status"] as? String == "queued")
        #expect((job["lastError"] as? String)?.contains("daily budget today (UTC)") == true)
    }
}
