import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Issue 29's proof with real processes on one throwaway PostgreSQL database: two `fcgen serve` instances and
/// `fcgen-worker`, the model a loopback stub whose replies wait for the test's gates (no wall-clock margins).
///
/// 1. A generation started on A (which runs generations) is read, streamed live and cancelled through B
///    (`--no-generations`), and its stream resumed on B after `Last-Event-ID`.
/// 2. Another generation is claimed by A (restarted) or the worker, whichever is first; that process is killed with
///    SIGKILL while its first batch is at the model, and the other takes the generation over once the lease expires
///    (`--generation-lease 5`, the shortest the settings allow) and stores each batch exactly once.
@Suite("issue 29: two fcgen serve instances and fcgen-worker on one PostgreSQL", .serialized, .timeLimit(.minutes(10)))
struct GenerationProcessesTests {
    static let lease = "5"

    @Test(
        "a generation started on A is read, streamed and cancelled through B; kill -9 of its runner lets another finish it, each batch stored once"
    )
    func twoInstancesAndAWorker() async throws {
        let scratch = try await TestPostgresServer.scratchDatabase(label: "processes")
        let stub = try await LoopbackServer.start()
        defer { stub.stop() }
        do {
            let fixture = try ServiceFixture(database: scratch.url)
            try fixture.useStubProvider(stub.url("/openai-gated/first/v1"))
            let admin = try await fixture.token(user: "ops", admin: true)
            let a = try await fixture.serve(["--generation-lease", Self.lease, "--generations", "1"], offline: false)
            let b = try await fixture.serve(["--no-generations"], offline: false)
            try await readStreamAndCancelThroughB(a: a, b: b, stub: stub, admin: admin)
            #expect(await a.stop() == 0)

            // The second part's processes read the config afresh: their model waits at another gate.
            try fixture.useStubProvider(stub.url("/openai-gated/second/v1"))
            let restarted = try await fixture.serve(
                ["--generation-lease", Self.lease, "--generations", "1"], offline: false)
            let worker = try await fixture.worker([
                "--interval", "1h", "--generations", "1", "--generation-lease", "\(Self.lease)s", "--worker-id", "w",
            ])
            try await killTheRunnerMidBatch(
                fixture: fixture, a: restarted, worker: worker, b: b, stub: stub, admin: admin)
            #expect(await b.stop() == 0)
        } catch {
            await scratch.drop()
            throw error
        }
        await scratch.drop()
    }

    /// Part 1: A runs it, B reads, streams, cancels and resumes its stream.
    private func readStreamAndCancelThroughB(
        a: RunningServer, b: RunningServer, stub: LoopbackServer, admin: String
    ) async throws {
        let topic = try await a.createTopic("Roman history", token: admin)
        let started = try await a.call(
            .POST, "/v1/topics/\(topic)/generations", token: admin, json: #"{"batches": 3}"#)
        #expect(started.status == 202, "\(started.text)")
        let id = try #require(started.json["id"] as? String)
        // A's first batch is at the model, held by the gate.
        #expect(await stub.waitForCounter("chats_received", toReach: 1))
        let read = try await b.call(.GET, "/v1/generations/\(id)", token: admin)
        #expect(read.json["status"] as? String == "running", "\(read.text)")
        // B's stream of it, live: it ends with the generation.
        async let streamed = b.call(.GET, "/v1/generations/\(id)/events", token: admin)
        let cancelled = try await b.call(.DELETE, "/v1/generations/\(id)", token: admin)
        #expect(cancelled.status == 202, "\(cancelled.text)")
        stub.release("first")
        let stream = try await streamed
        #expect(stream.status == 200 && stream.contentType.hasPrefix("text/event-stream"), "\(stream.text)")
        #expect(Self.names(stream.text) == ["batch", "failed"], "\(stream.text)")
        #expect(stream.text.contains("cancelled by a request after 1 of 3 batches was stored"), "\(stream.text)")
        // Resumed on B after the first event: only the rest.
        let resumed = try await b.call(
            .GET, "/v1/generations/\(id)/events", token: admin, headers: [("Last-Event-ID", "1")])
        #expect(Self.names(resumed.text) == ["failed"], "\(resumed.text)")
        #expect(resumed.text.hasPrefix("id: 2\n"), "\(resumed.text)")
        let ended = try await a.call(.GET, "/v1/generations/\(id)", token: admin)
        #expect(ended.json["status"] as? String == "failed" && ended.json["batchesDone"] as? Int == 1)
    }

    /// Part 2: whichever of A and the worker runs it dies mid-batch; the other finishes it.
    private func killTheRunnerMidBatch(
        fixture: ServiceFixture, a: RunningServer, worker: ChildProcess, b: RunningServer, stub: LoopbackServer,
        admin: String
    ) async throws {
        let before = try await stub.counters()["chats_received"] ?? 0
        let topic = try await b.createTopic("Greek history", token: admin)
        let started = try await b.call(
            .POST, "/v1/topics/\(topic)/generations", token: admin, json: #"{"batches": 3}"#)
        #expect(started.status == 202, "\(started.text)")
        let id = try #require(started.json["id"] as? String)
        #expect(await stub.waitForCounter("chats_received", toReach: before + 1))
        let claimed = "generation \(id): 3 batches"
        let workerRanIt = worker.standardError.contains(claimed)
        #expect(workerRanIt || a.process.standardError.contains(claimed), "nobody logged the claim")
        let (victim, survivor) = workerRanIt ? (worker, a.process) : (a.process, worker)
        victim.send(SIGKILL)
        _ = try await victim.exit()
        stub.release("second")

        #expect(try await b.waitForGeneration(id, status: "succeeded", token: admin) == "succeeded")
        #expect(survivor.standardError.contains("\(claimed) of \"Greek history\""), "\(survivor.standardError)")
        let read = try await b.call(.GET, "/v1/generations/\(id)", token: admin)
        #expect(read.json["batchesDone"] as? Int == 3, "\(read.text)")
        let numbers = (read.json["batches"] as? [[String: Any]])?.compactMap { $0["number"] as? Int }
        #expect(numbers == [1, 2, 3], "\(read.text)")
        let events = try await b.call(.GET, "/v1/generations/\(id)/events", token: admin)
        #expect(Self.names(events.text) == ["batch", "batch", "batch", "done"], "\(events.text)")
        // The rows: three batches of the topic, numbered once each.
        let listed = try await fixture.fcgen(["batches", "--topic", "Greek history", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
        let stored = (object?["batches"] as? [[String: Any]])?.compactMap {
            ($0["plan"] as? [String: Any])?["number"] as? Int
        }.sorted()
        #expect(stored == [1, 2, 3], "\(listed.stdout)")

        if workerRanIt {
            #expect(await a.stop() == 0)
        } else {
            worker.send(SIGTERM)
            #expect(try await worker.exit().status == 0, "\(worker.standardError)")
        }
    }

    /// The event names of an event-stream body, in order.
    private static func names(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) }
    }
}
