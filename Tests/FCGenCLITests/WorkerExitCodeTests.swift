import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// `fcgen-worker --once` exits with every code of docs/worker.md's table, each produced by the built binary.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct WorkerExitCodeTests {
    /// A database with one topic due for a refill; the worker's arguments against `server`.
    private func dueTopic(_ cli: CLIRunner, _ server: LoopbackServer? = nil) async throws -> [String] {
        let store = try await Store.open(path: cli.databasePath, now: .system)
        let topic = try await Topics.ensure(on: store, named: "Roman history")
        try await Topics.setPolicy(on: store, TopicPolicy(refillBelow: 1, batchSize: 3), topicID: topic.id)
        var arguments = ["--once", "--db", cli.databasePath]
        if let server {
            arguments += [
                "--provider", "openai", "--model", "m", "--base-url", server.baseURL.absoluteString + "/v1",
            ]
        } else {
            arguments.append("--offline")
        }
        return arguments
    }

    private func worker(_ cli: CLIRunner, _ arguments: [String], environment: [String: String] = [:]) async throws
        -> CLIRunner.Result
    {
        try await cli.launch(executable: "fcgen-worker", arguments, environment: environment).finish()
    }

    @Test func zeroWhenEveryJobSucceeds() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await worker(cli, try await dueTopic(cli))
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("1 done"))
    }

    @Test func oneWhenAJobIsDead() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([], default: .init(status: 401, json: #"{"error": {"message": "bad key"}}"#))
        let result = try await worker(cli, try await dueTopic(cli, server))
        #expect(result.status == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("fcgen-worker: error: job 1 failed (dead)"))
    }

    @Test func sixtyFourForBadUsage() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let both = try await worker(cli, ["--once", "--interval", "10m"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("give exactly one of --once or --interval"))
        #expect(try await worker(cli, ["--once", "--bogus"]).status == 64)
    }

    @Test func sixtyFiveForABrokenConfig() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let config = cli.directory.appendingPathComponent("config.json")
        try Data(#"{"concurrency": "lots"}"#.utf8).write(to: config)
        let result = try await worker(cli, ["--once", "--offline", "--config", config.path, "--db", cli.databasePath])
        #expect(result.status == 65, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("fcgen-worker: error: \(config.path): key \"concurrency\""))
    }

    @Test func sixtyNineWhenTheProviderIsUnreachable() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([], default: .init(status: 503, json: #"{"error": {"message": "overloaded"}}"#))
        let result = try await worker(cli, try await dueTopic(cli, server), environment: ["FCGEN_RETRIES": "0"])
        #expect(result.status == 69, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("1 provider unreachable"))
    }

    @Test func seventyFiveWhenAJobWillBeRetried() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        // A 200 whose body is no chat completion: transient, so the job waits for a retry.
        try await server.script([], default: .init(json: #"{"unexpected": true}"#))
        let result = try await worker(cli, try await dueTopic(cli, server), environment: ["FCGEN_RETRIES": "0"])
        #expect(result.status == 75, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("1 retry later"))
    }

    @Test func seventyFiveWhenTheDatabaseStaysLocked() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let arguments = try await dueTopic(cli)
        let lock = try WriteLock(path: cli.databasePath)
        let result = try await worker(cli, arguments)
        lock.release()
        #expect(result.status == 75, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("fcgen-worker: error: ") && result.stderr.contains("database is locked"))
    }
}
