import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// `fcgen-worker` runs the generations `fcgen serve` queued: an API-only instance (`--no-generations`) accepts one,
/// the worker on the same database claims it (woken by the database's notification on PostgreSQL, by its look every
/// few seconds on SQLite) and stores its batches and events in the API's shape, which the instance then serves.
@Suite("fcgen-worker: generations queued by fcgen serve", .serialized)
struct WorkerGenerationTests {
    @Test(
        "a generation queued through an API-only instance is run by fcgen-worker and read, with its events, through the instance",
        arguments: [false, true])
    func workerRunsAQueuedGeneration(postgres: Bool) async throws {
        let scratch = postgres ? try await TestPostgresServer.scratchDatabase(label: "worker-generations") : nil
        do {
            let fixture = try ServiceFixture(database: scratch?.url)
            let seeded = try await fixture.fcgen(["--topic", "Roman history", "--batches", "1", "--offline"])
            #expect(seeded.status == 0, "\(seeded.stderr)")
            let admin = try await fixture.token(user: "ops", admin: true)
            let api = try await fixture.serve(["--no-generations"])
            let queued = try await api.call(.POST, "/v1/topics/1/generations", token: admin, json: #"{"batches": 2}"#)
            #expect(queued.status == 202, "\(queued.text)")
            let id = try #require(queued.json["id"] as? String)

            let worker = try await fixture.worker(["--interval", "1h", "--offline", "--generations", "1"])
            #expect(try await api.waitForGeneration(id, status: "succeeded", token: admin) == "succeeded")
            let read = try await api.call(.GET, "/v1/generations/\(id)", token: admin)
            #expect(read.json["batchesDone"] as? Int == 2, "\(read.text)")
            #expect((read.json["batches"] as? [[String: Any]])?.compactMap { $0["number"] as? Int } == [2, 3])
            let events = try await api.call(.GET, "/v1/generations/\(id)/events", token: admin)
            #expect(events.text.components(separatedBy: "event: batch\n").count == 3, "\(events.text)")
            #expect(events.text.contains("event: done\n"), "\(events.text)")

            // SIGTERM: the worker stops gracefully (exit 0), having said what it ran.
            worker.send(SIGTERM)
            #expect(try await worker.exit().status == 0, "\(worker.standardError)")
            #expect(worker.standardError.contains("generation \(id): 2 batches of \"Roman history\""))
            #expect(worker.standardError.contains("generation \(id): succeeded with 2 batches"))
            #expect(await api.stop() == 0)
        } catch {
            await scratch?.drop()
            throw error
        }
        await scratch?.drop()
    }
}

extension WorkerGenerationTests {
    @Test(
        "SIGTERM while a generation's batch is at the model: the worker stores it, ends the generation cancelled, exits 0",
        arguments: [false, true])
    func sigtermStoresTheBatchInFlight(postgres: Bool) async throws {
        let scratch = postgres ? try await TestPostgresServer.scratchDatabase(label: "worker-sigterm") : nil
        let stub = try await LoopbackServer.start()
        defer { stub.stop() }
        do {
            let fixture = try ServiceFixture(database: scratch?.url)
            try fixture.useStubProvider(stub.url("/openai-gated/held/v1"))
            let admin = try await fixture.token(user: "ops", admin: true)
            let api = try await fixture.serve(["--no-generations"], offline: false)
            let topic = try await api.createTopic("Roman history", token: admin)
            let worker = try await fixture.worker(["--interval", "1h", "--generations", "1"])
            let queued = try await api.call(
                .POST, "/v1/topics/\(topic)/generations", token: admin, json: #"{"batches": 3}"#)
            let id = try #require(queued.json["id"] as? String)
            #expect(await stub.waitForCounter("chats_received", toReach: 1))
            worker.send(SIGTERM)
            // The runner has stopped claiming and asks for no further batch (hang guard: TestPatience).
            let deadline = ContinuousClock.now + TestPatience.duration
            while !worker.standardError.contains("generations: claiming no more"), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(25))
            }
            stub.release("held")
            #expect(try await worker.exit().status == 0, "\(worker.standardError)")
            let read = try await api.call(.GET, "/v1/generations/\(id)", token: admin)
            #expect(read.json["status"] as? String == "failed" && read.json["batchesDone"] as? Int == 1, "\(read.text)")
            let error = read.json["error"] as? [String: Any]
            #expect(error?["code"] as? String == "cancelled", "\(read.text)")
            #expect(error?["detail"] as? String == "the server shut down after 1 of 3 batches was stored")
            #expect(try await fixture.storedBatches(topic: "Roman history") == 1)
            #expect(await api.stop() == 0)
        } catch {
            await scratch?.drop()
            throw error
        }
        await scratch?.drop()
    }
}
