import FCService
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// `DELETE /v1/generations/{id}` and the event stream's keep-alive, against the service in process on a socket and
/// an OpenAI-compatible stub on loopback that answers when the test releases it (`/openai-gated/…`), not after a
/// time a loaded machine could overrun.
@Suite("the service: cancelling generations, keep-alive (in process, on a socket)")
struct GenerationCancelTests {
    @Test("DELETE: a running generation stores what it asked for and asks for nothing more; a queued one never asks")
    func cancelRunningAndQueued() async throws {
        let stub = try await LoopbackServer.start()
        defer { stub.stop() }
        let fixture = try await ServiceUnderTest(seeded: false, generations: 1)
        // Each batch's reply waits until the test releases it: the cancellation lands while the first one is under
        // way, however slow the machine.
        try fixture.useStubProvider(stub.url("/openai-gated/geology/v1"))
        let (admin, learner) = (fixture.adminToken, fixture.learnerToken)
        let check = OpenAPICheck()
        try await fixture.serveLive(provider: .configured) { server in

            let topicID = try await server.createTopic("Geology", token: admin)
            var ids: [String] = []
            for batches in [3, 2] {
                let accepted = try await server.call(
                    .POST, "/v1/topics/\(topicID)/generations", token: admin, json: #"{"batches": \#(batches)}"#)
                #expect(accepted.status == 202, "\(accepted.text)")
                ids.append(try #require(accepted.json["id"] as? String))
            }
            let (running, queued) = (ids[0], ids[1])
            #expect(try await server.waitForGeneration(running, status: "running", token: admin) == "running")
            #expect(await stub.waitForCounter("chats_received", toReach: 1))
            #expect(try await stub.counters()["chats_received"] == 1, "the first batch's request is under way")
            let (connected, signal) = AsyncStream.makeStream(of: Void.self)
            let reading = Task {
                try await server.events("/v1/generations/\(running)/events", token: admin) { signal.yield() }
            }
            for await _ in connected { break }

            // Refused: a learner token, an unknown generation.
            expectProblem(
                try await server.call(.DELETE, "/v1/generations/\(running)", token: learner), status: 403,
                code: "forbidden"
            )
            let unknown = check.add(
                try await server.call(.DELETE, "/v1/generations/\(UUID().uuidString.lowercased())", token: admin),
                "Problem", label: "DELETE 404")
            expectProblem(unknown, status: 404, code: "not_found")

            // The queued one fails at once, without a request.
            let cancelledQueued = check.add(
                try await server.call(.DELETE, "/v1/generations/\(queued)", token: admin), "Generation",
                label: "DELETE queued 202")
            #expect(cancelledQueued.status == 202, "\(cancelledQueued.text)")
            #expect(cancelledQueued.json["status"] as? String == "failed")
            let queuedError = try #require(cancelledQueued.json["error"] as? [String: Any])
            #expect(queuedError["code"] as? String == "cancelled")
            #expect(queuedError["detail"] as? String == "cancelled by a request before this generation started")
            let queuedStream = try await server.events("/v1/generations/\(queued)/events", token: admin)
            #expect(queuedStream.events.map(\.name) == ["failed"], "\(queuedStream.text)")

            // The running one: 202 while it still runs; it ends after storing the batch it had asked for.
            let cancelledRunning = check.add(
                try await server.call(.DELETE, "/v1/generations/\(running)", token: admin), "Generation",
                label: "DELETE running 202")
            #expect(cancelledRunning.status == 202, "\(cancelledRunning.text)")
            stub.release("geology")
            let stream = try await reading.value
            let names = stream.events.map(\.name)
            let done = names.filter { $0 == "batch" }.count
            #expect(names == Array(repeating: "batch", count: done) + ["failed"], "\(stream.text)")
            #expect(done == 1, "the batch in flight is stored: its reply is paid for; no later one is asked for")
            let failed = try #require(stream.events.last)
            check.add(Reply(status: 200, headers: [:], text: failed.data), "Generation", label: "failed event")
            let error = try #require(failed.json["error"] as? [String: Any])
            #expect(error["code"] as? String == "cancelled")
            #expect(
                error["detail"] as? String
                    == "cancelled by a request after \(done) of 3 batches \(done == 1 ? "was" : "were") stored")
            #expect(failed.json["batchesDone"] as? Int == done)
            #expect(try await fixture.storedBatches(topic: "Geology") == done)
            let counters = try await stub.counters()
            #expect(counters["chats_received"] == done, "no request for a later batch, none for the queued one")

            // Once ended, DELETE changes nothing: 200 with the generation as it ended.
            let again = check.add(
                try await server.call(.DELETE, "/v1/generations/\(running)", token: admin), "Generation",
                label: "DELETE finished 200")
            #expect(again.status == 200, "\(again.text)")
            #expect(again.json["batchesDone"] as? Int == done)
            #expect((again.json["error"] as? [String: Any])?["detail"] as? String == error["detail"] as? String)

            let metrics = try await server.call(.GET, "/metrics")
            #expect(metrics.text.contains("fcgen_generation_cancellations_total 2"), "\(metrics.text.prefix(3000))")
            #expect(metrics.text.contains(#"fcgen_generations_total{status="failed"} 2"#))
        }
        try await check.validate(in: fixture.directory)
    }

    @Test(
        "a keep-alive of 1 s (--sse-keepalive 1): a quiet stream gets keep-alive comments, which the client's parsing ignores"
    )
    func keepAlive() async throws {
        let stub = try await LoopbackServer.start()
        defer { stub.stop() }
        let fixture = try await ServiceUnderTest(seeded: false) { $0.sseKeepAlive = .seconds(1) }
        // The reply waits until the client has read a keep-alive comment: the stream is quiet until then.
        try fixture.useStubProvider(stub.url("/openai-gated/tides/v1"))
        let admin = fixture.adminToken
        try await fixture.serveLive(provider: .configured) { server in
            let topicID = try await server.createTopic("Tides", token: admin)
            let accepted = try await server.call(
                .POST, "/v1/topics/\(topicID)/generations", token: admin, json: #"{"batches": 1}"#)
            let id = try #require(accepted.json["id"] as? String)

            let stream = try await server.events("/v1/generations/\(id)/events", token: admin) {
            } received: { block in
                if block.hasPrefix(": keep-alive") { stub.release("tides") }
            }
            #expect(stream.events.map(\.name) == ["batch", "done"], "\(stream.text)")
            let comment = try #require(stream.text.range(of: ": keep-alive\n\n"), "\(stream.text.prefix(500))")
            let firstBatch = try #require(stream.text.range(of: "event: batch"))
            #expect(comment.lowerBound < firstBatch.lowerBound, "the provider's wait was kept alive")
            #expect(stream.events.map(\.id) == [1, 2])
        }
        // `fcgen serve --sse-keepalive 0` is refused by the command line: CommandLineTests.
    }
}
