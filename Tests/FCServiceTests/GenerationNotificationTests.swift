import FCCore
import FCService
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// PostgreSQL `LISTEN/NOTIFY` between two instances of the service on one database, in process: with every poll
/// (the streams' and the runner's) set to an hour, only a notification can wake the other instance, so what it sees
/// promptly it was told.
@Suite("the service: generations woken by PostgreSQL notifications (in process, on sockets)")
struct GenerationNotificationTests {
    @Test("A queues, B runs: A's stream sees B's batches and B's runner takes a second generation queued on A")
    func notifiedAcrossInstances() async throws {
        let scratch = try await TestPostgresServer.scratchDatabase(label: "notify")
        let stub = try await LoopbackServer.start()
        defer { stub.stop() }
        do {
            var a = try await ServiceUnderTest(seeded: false, generations: 2, databaseURL: scratch.url)
            // Each reply waits for the test's word: nothing is stored before A's client follows the stream.
            try a.useStubProvider(stub.url("/openai-gated/replies/v1"))
            let hour = Duration.seconds(3_600)
            a.claimInterval = hour
            a.eventPolls = (hour, hour)
            let b = try await ServiceUnderTest(sharing: a)
            let admin = a.adminToken
            try await a.serveLive(provider: .configured, runsGenerations: false) { serverA in
                try await b.serveLive(provider: .configured) { serverB in
                    await serverA.generations?.waitUntilListening()
                    await serverB.generations?.waitUntilListening()
                    let first = try await serverA.createTopic("Geology", token: admin)
                    let second = try await serverA.createTopic("Botany", token: admin)
                    let queued = try await serverA.call(
                        .POST, "/v1/topics/\(first)/generations", token: admin, json: #"{"batches": 2}"#)
                    #expect(queued.status == 202, "\(queued.text)")
                    let id = try #require(queued.json["id"] as? String)
                    // B runs it (its first look or the notification) and asks for the first batch, held by the stub.
                    #expect(await stub.waitForCounter("chats_received", toReach: 1))

                    // B's runner has claimed and looked again; only the notification of A's insert wakes it now.
                    let other = try await serverA.call(
                        .POST, "/v1/topics/\(second)/generations", token: admin, json: #"{"batches": 1}"#)
                    #expect(other.status == 202, "\(other.text)")
                    let otherID = try #require(other.json["id"] as? String)
                    #expect(
                        await stub.waitForCounter("chats_received", toReach: 2),
                        "B's runner took the generation queued on A when notified")

                    // A's stream of B's generation: each batch reaches it by notification.
                    let (connected, signal) = AsyncStream.makeStream(of: Void.self)
                    let reading = Task {
                        try await serverA.events("/v1/generations/\(id)/events", token: admin) { signal.yield() }
                    }
                    for await _ in connected { break }
                    stub.release("replies")
                    let stream = try await reading.value
                    #expect(stream.events.map(\.name) == ["batch", "batch", "done"], "\(stream.text)")
                    #expect(stream.events.map(\.id) == [1, 2, 3])
                    #expect(
                        try await serverB.waitForGeneration(otherID, status: "succeeded", token: admin) == "succeeded")
                }
            }
        } catch {
            await scratch.drop()
            throw error
        }
        await scratch.drop()
    }
}
