import FCCore
import FCPipeline
import FCService
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Two instances of the service on one database, in process (two `buildApplication`s, each with a store of its own):
/// a generation accepted by one is read, listed, streamed and cancelled identically through the other, on one SQLite
/// file and on PostgreSQL. Instance B runs no generations, so what it answers comes from the database alone.
@Suite("the service: generations across instances (in process, on sockets)")
struct GenerationInstancesTests {
    @Test(
        "accepted by A: B streams, polls, lists and resumes it; accepted by B: A runs it",
        arguments: [false, true])
    func readThroughTheOther(postgres: Bool) async throws {
        let scratch = postgres ? try await TestPostgresServer.scratchDatabase(label: "instances") : nil
        do {
            var a = try await ServiceUnderTest(seeded: false, generations: 1, databaseURL: scratch?.url)
            // A looks for generations B queued this often (B runs none).
            a.claimInterval = .milliseconds(100)
            let b = try await ServiceUnderTest(sharing: a)
            let admin = a.adminToken
            try await a.serveLive { serverA in
                try await b.serveLive(runsGenerations: false) { serverB in
                    let topicID = try await serverA.createTopic("Roman history", token: admin)
                    let accepted = try await serverA.call(
                        .POST, "/v1/topics/\(topicID)/generations", token: admin, json: #"{"batches": 3}"#)
                    #expect(accepted.status == 202, "\(accepted.text)")
                    let id = try #require(accepted.json["id"] as? String)

                    // B follows it from the database until `done`; A replays the same events.
                    let there = try await serverB.events("/v1/generations/\(id)/events", token: admin)
                    #expect(there.events.map(\.name) == ["batch", "batch", "batch", "done"], "\(there.text)")
                    #expect(there.events.map(\.id) == [1, 2, 3, 4])
                    let here = try await serverA.events("/v1/generations/\(id)/events", token: admin)
                    #expect(here.events == there.events)
                    let cards = there.events.prefix(3).map { ($0.json["cards"] as? [Any])?.count ?? 0 }.reduce(0, +)
                    #expect(cards > 0)

                    // The poll, the list, a resumed stream and a cancel of the ended generation, through B.
                    let polled = try await serverB.call(.GET, "/v1/generations/\(id)", token: admin)
                    #expect(polled.status == 200, "\(polled.text)")
                    #expect(polled.json["status"] as? String == "succeeded")
                    #expect(polled.json["batchesDone"] as? Int == 3)
                    #expect((polled.json["batches"] as? [[String: Any]])?.count == 3)
                    #expect(polled.json["cardsStored"] as? Int == cards)
                    let fromA = try await serverA.call(.GET, "/v1/generations/\(id)", token: admin)
                    #expect(fromA.text == polled.text)
                    let listed = try await serverB.call(.GET, "/v1/generations", token: admin)
                    #expect((listed.json["generations"] as? [[String: Any]])?.first?["id"] as? String == id)
                    let resumed = try await serverB.events(
                        "/v1/generations/\(id)/events", token: admin, lastEventID: 2)
                    #expect(resumed.events == Array(there.events.suffix(2)))
                    let ended = try await serverB.call(.DELETE, "/v1/generations/\(id)", token: admin)
                    #expect(ended.status == 200, "\(ended.text)")
                    #expect(ended.json["status"] as? String == "succeeded")

                    // Accepted by B, which runs none: A's runner finds it in the database and runs it.
                    let viaB = try await serverB.call(
                        .POST, "/v1/topics/\(topicID)/generations", token: admin, json: #"{"batches": 1}"#)
                    #expect(viaB.status == 202, "\(viaB.text)")
                    let second = try #require(viaB.json["id"] as? String)
                    let run = try await serverA.events("/v1/generations/\(second)/events", token: admin)
                    #expect(run.events.map(\.name) == ["batch", "done"], "\(run.text)")
                    let numbers = run.events.prefix(1).compactMap {
                        ($0.json["batch"] as? [String: Any])?["number"] as? Int
                    }
                    #expect(numbers == [4], "the topic's batches number on across instances")
                    expectProblem(
                        try await serverB.call(.GET, "/v1/generations/\(UUID().uuidString.lowercased())", token: admin),
                        status: 404, code: "not_found")
                }
            }
        } catch {
            await scratch?.drop()
            throw error
        }
        await scratch?.drop()
    }

    @Test(
        "a runner that died after one batch: A takes its generation over once the lease expires and runs the other two",
        arguments: [false, true])
    func takeOverADeadRunner(postgres: Bool) async throws {
        let scratch = postgres ? try await TestPostgresServer.scratchDatabase(label: "takeover") : nil
        do {
            var a = try await ServiceUnderTest(seeded: false, generations: 1, databaseURL: scratch?.url)
            a.claimInterval = .milliseconds(100)
            let admin = a.adminToken
            // The dead instance: it claimed a generation of 3 batches under a 1 s lease, stored one, and stopped.
            try await a.generateOffline(topic: "Roman history", batches: 1)
            let topic = try #require(try await Topics.named(on: a.store, "Roman history"))
            let dead = GenerationRegistry(
                store: a.store, limits: GenerationLimits(lease: .seconds(1)), now: .system, owner: "dead")
            let record = try await dead.submit(topic: topic, batches: 3, language: nil)
            #expect(try await dead.claimNext()?.id == record.id)
            let stored = try #require(try await BatchStorage.list(on: a.store, topicID: topic.id).first)
            try await a.store.write("dead runner's batch") { db in
                try await dead.recordBatch(id: record.id, stored, cards: stored.cardsKept, in: db) { _ in "{}" }
            }
            try await a.serveLive { serverA in
                let stream = try await serverA.events("/v1/generations/\(record.id)/events", token: admin)
                #expect(stream.events.map(\.name) == ["batch", "batch", "batch", "done"], "\(stream.text)")
                #expect(stream.events.map(\.id) == [1, 2, 3, 4])
                let numbers = stream.events.dropFirst().prefix(2).compactMap {
                    ($0.json["batch"] as? [String: Any])?["number"] as? Int
                }
                #expect(numbers == [2, 3], "A continues after the dead runner's batch, none twice")
                let done = try #require(stream.events.last)
                #expect(done.json["status"] as? String == "succeeded")
                #expect(done.json["batchesDone"] as? Int == 3)
            }
            #expect(try await a.storedBatches(topic: "Roman history") == 3)
        } catch {
            await scratch?.drop()
            throw error
        }
        await scratch?.drop()
    }

    @Test("DELETE through B: A's queued generation fails at once, its running one stops before its next batch")
    func cancelThroughTheOther() async throws {
        let stub = try await LoopbackServer.start()
        defer { stub.stop() }
        let a = try await ServiceUnderTest(seeded: false, generations: 1)
        // Each batch's reply takes 15 s: the cancellation lands while the first one is under way.
        try a.useStubProvider(stub.url("/openai/15/v1"))
        let b = try await ServiceUnderTest(sharing: a)
        let admin = a.adminToken
        try await a.serveLive(provider: .configured) { serverA in
            try await b.serveLive(runsGenerations: false) { serverB in
                let topicID = try await serverA.createTopic("Geology", token: admin)
                var ids: [String] = []
                for batches in [3, 2] {
                    let accepted = try await serverA.call(
                        .POST, "/v1/topics/\(topicID)/generations", token: admin, json: #"{"batches": \#(batches)}"#)
                    #expect(accepted.status == 202, "\(accepted.text)")
                    ids.append(try #require(accepted.json["id"] as? String))
                }
                let (running, queued) = (ids[0], ids[1])
                #expect(try await serverB.waitForGeneration(running, status: "running", token: admin) == "running")
                #expect(await stub.waitForCounter("chats_received", toReach: 1))
                let (connected, signal) = AsyncStream.makeStream(of: Void.self)
                let reading = Task {
                    try await serverB.events("/v1/generations/\(running)/events", token: admin) { signal.yield() }
                }
                for await _ in connected { break }

                let cancelledQueued = try await serverB.call(.DELETE, "/v1/generations/\(queued)", token: admin)
                #expect(cancelledQueued.status == 202, "\(cancelledQueued.text)")
                #expect(cancelledQueued.json["status"] as? String == "failed")
                let queuedStream = try await serverA.events("/v1/generations/\(queued)/events", token: admin)
                #expect(queuedStream.events.map(\.name) == ["failed"], "\(queuedStream.text)")

                let cancelledRunning = try await serverB.call(.DELETE, "/v1/generations/\(running)", token: admin)
                #expect(cancelledRunning.status == 202, "\(cancelledRunning.text)")
                #expect(cancelledRunning.json["status"] as? String == "running")
                let stream = try await reading.value
                let names = stream.events.map(\.name)
                let done = names.filter { $0 == "batch" }.count
                #expect(names == Array(repeating: "batch", count: done) + ["failed"], "\(stream.text)")
                #expect(done >= 1, "the batch in flight is stored: its reply is paid for")
                let error = try #require(stream.events.last?.json["error"] as? [String: Any])
                #expect(error["code"] as? String == "cancelled")
                #expect(try await a.storedBatches(topic: "Geology") == done)
                #expect(try await stub.counters()["chats_received"] == done, "nothing asked after the cancel")
                let again = try await serverA.call(.DELETE, "/v1/generations/\(running)", token: admin)
                #expect(again.status == 200, "\(again.text)")
            }
        }
    }
}
