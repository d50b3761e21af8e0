import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Issue 29's proof with real processes on one throwaway PostgreSQL database: `fcgen serve` instances and
/// `fcgen-worker`, the model a loopback stub whose replies wait for the test's gates (no wall-clock margins).
///
/// 1. A generation started on A (which runs generations) is read, streamed live and cancelled through B
///    (`--no-generations`), and its stream resumed on B (and every other instance) after `Last-Event-ID`.
/// 2. Another generation is claimed by A (restarted) or the worker, whichever is first; that process is killed with
///    SIGKILL while its first batch is at the model, and the other takes the generation over once the lease expires
///    (`--generation-lease 5`, the shortest the settings allow) and stores each batch exactly once.
///
/// The second test runs the same checks with three instances while `fcgen-bench serve`'s feed and review load runs
/// against them (``ServeLoadClients``; `FCGEN_TEST_PROCESS_LOAD=21` for the bench's 64 connections).
@Suite("issue 29: fcgen serve instances and fcgen-worker on one PostgreSQL", .serialized, .timeLimit(.minutes(10)))
struct GenerationProcessesTests {
    static let lease = "5"

    @Test(
        "a generation started on A is read, streamed and cancelled through B; kill -9 of its runner lets another finish it, each batch stored once"
    )
    func twoInstancesAndAWorker() async throws {
        try await Self.prove(readers: 1, underLoad: false)
    }

    @Test("the same with three instances under the serve load, which no instance fails")
    func threeInstancesUnderLoad() async throws {
        try await Self.prove(readers: 2, underLoad: true)
    }

    /// A, `readers` instances with `--no-generations` (B first) and a worker; the load, when asked, on every
    /// instance alive.
    private static func prove(readers count: Int, underLoad: Bool) async throws {
        let scratch = try await TestPostgresServer.scratchDatabase(label: "processes")
        let stub = try await LoopbackServer.start()
        defer { stub.stop() }
        do {
            let fixture = try ServiceFixture(database: scratch.url)
            try fixture.useStubProvider(stub.url("/openai-gated/first/v1"))
            let admin = try await fixture.token(user: "ops", admin: true)
            let options = underLoad ? ServeLoadClients.serveOptions : []
            let runner = ["--generation-lease", Self.lease, "--generations", "1"] + options
            let a = try await fixture.serve(runner, offline: false)
            var readers: [RunningServer] = []
            for _ in 0..<count {
                readers.append(try await fixture.serve(["--no-generations"] + options, offline: false))
            }
            let load = underLoad ? try await ServeLoadClients.seed(fixture, through: readers[0]) : nil
            defer { load?.stop() }
            for server in [a] + readers { load?.add(server) }
            let clients = Task { await load?.run(clients: ServeLoadClients.clientsPerInstance * (count + 1)) }
            try await readStreamAndCancelThroughB(a: a, readers: readers, stub: stub, admin: admin)
            load?.remove(a)
            #expect(await a.stop() == 0)

            // The second part's processes read the config afresh: their model waits at another gate.
            try fixture.useStubProvider(stub.url("/openai-gated/second/v1"))
            let restarted = try await fixture.serve(runner, offline: false)
            load?.add(restarted)
            let worker = try await fixture.worker([
                "--interval", "1h", "--generations", "1", "--generation-lease", "\(Self.lease)s", "--worker-id", "w",
            ])
            try await killTheRunnerMidBatch(
                fixture: fixture, a: restarted, worker: worker, readers: readers, stub: stub, admin: admin, load: load)
            if let load {
                load.stop()
                await clients.value
                #expect(load.failures.isEmpty, "\(load.failures.prefix(5))")
                let answered = load.answered
                for server in readers + [a] {
                    #expect(answered[server.base, default: 0] > 0, "no load reached \(server.base): \(answered)")
                }
            }
            for reader in readers { #expect(await reader.stop() == 0) }
        } catch {
            await scratch.drop()
            throw error
        }
        await scratch.drop()
    }

    /// Part 1: A runs it, B reads, streams, cancels and resumes its stream.
    private static func readStreamAndCancelThroughB(
        a: RunningServer, readers: [RunningServer], stub: LoopbackServer, admin: String
    ) async throws {
        let b = readers[0]
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
        // Resumed on B (and every other instance) after the first event: only the rest.
        for reader in readers {
            let resumed = try await reader.call(
                .GET, "/v1/generations/\(id)/events", token: admin, headers: [("Last-Event-ID", "1")])
            #expect(Self.names(resumed.text) == ["failed"], "\(reader.base): \(resumed.text)")
            #expect(resumed.text.hasPrefix("id: 2\n"), "\(resumed.text)")
        }
        let ended = try await a.call(.GET, "/v1/generations/\(id)", token: admin)
        #expect(ended.json["status"] as? String == "failed" && ended.json["batchesDone"] as? Int == 1)
    }

    /// Part 2: whichever of A and the worker runs it dies mid-batch; the other finishes it.
    private static func killTheRunnerMidBatch(
        fixture: ServiceFixture, a: RunningServer, worker: ChildProcess, readers: [RunningServer],
        stub: LoopbackServer, admin: String, load: ServeLoadClients?
    ) async throws {
        let b = readers[0]
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
        if !workerRanIt { load?.lose(a) }
        victim.send(SIGKILL)
        _ = try await victim.exit()
        stub.release("second")

        #expect(try await b.waitForGeneration(id, status: "succeeded", token: admin) == "succeeded")
        #expect(survivor.standardError.contains("\(claimed) of \"Greek history\""), "\(survivor.standardError)")
        for reader in readers {
            let read = try await reader.call(.GET, "/v1/generations/\(id)", token: admin)
            #expect(read.json["batchesDone"] as? Int == 3, "\(reader.base): \(read.text)")
            let numbers = (read.json["batches"] as? [[String: Any]])?.compactMap { $0["number"] as? Int }
            #expect(numbers == [1, 2, 3], "\(read.text)")
        }
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
            load?.remove(a)
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
