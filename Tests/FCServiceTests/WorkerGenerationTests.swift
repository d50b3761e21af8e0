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
