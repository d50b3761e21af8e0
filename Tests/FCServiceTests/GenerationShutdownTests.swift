import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// SIGTERM during a generation: the batch in flight is stored, no further batch starts, the event stream ends with
/// `failed` (`cancelled`), and the server exits 0.
@Suite("fcgen serve: generation and shutdown", .serialized)
struct GenerationShutdownTests {
    @Test("SIGTERM with a batch in flight: it is stored, no later batch is asked for, exit 0")
    func shutdownMidGeneration() async throws {
        let stub = try await LoopbackServer.start()
        defer { stub.stop() }
        let fixture = try ServiceFixture()
        // A slow OpenAI-compatible provider on loopback, one batch at a time.
        try fixture.useStubProvider(stub.url("/openai/15/v1"))
        let admin = try await fixture.token(user: "ops", admin: true)
        let server = try await fixture.serve(offline: false)

        let topic = try await server.call(.POST, "/v1/topics", token: admin, json: #"{"name": "Geology"}"#)
        let topicID = try #require((topic.json["topic"] as? [String: Any])?["id"] as? Int)
        let accepted = try await server.call(
            .POST, "/v1/topics/\(topicID)/generations", token: admin, json: #"{"batches": 3}"#)
        #expect(accepted.status == 202, "\(accepted.text)")
        let id = try #require(accepted.json["id"] as? String)

        let (connected, signal) = AsyncStream.makeStream(of: Void.self)
        let reading = Task {
            try await server.events("/v1/generations/\(id)/events", token: admin) { signal.yield() }
        }
        for await _ in connected { break }
        // Running means its first batch's request is under way (the provider takes 15 s to answer it, so even a
        // loaded machine's late signal lands before a third batch could be asked for).
        var status = ""
        let deadline = ContinuousClock.now + TestPatience.duration  // a hang guard
        while status != "running" && ContinuousClock.now < deadline {
            status = try await server.call(.GET, "/v1/generations/\(id)", token: admin).json["status"] as? String ?? ""
            if status != "running" { try await Task.sleep(for: .milliseconds(25)) }
        }
        #expect(status == "running")
        server.process.send(SIGTERM)

        let stream = try await reading.value
        // Batches already asked for when SIGTERM lands are stored (usually one; two when the first answer came in
        // before the signal), and the third never is.
        let names = stream.events.map(\.name)
        let done = names.filter { $0 == "batch" }.count
        #expect(names == Array(repeating: "batch", count: done) + ["failed"], "\(stream.text)")
        #expect((1...2).contains(done), "\(stream.text)")
        let failed = try #require(stream.events.last)
        let error = try #require(failed.json["error"] as? [String: Any])
        #expect(error["code"] as? String == "cancelled")
        #expect((error["detail"] as? String)?.contains("after \(done) of 3") == true, "\(failed.data)")
        #expect(failed.json["batchesDone"] as? Int == done)
        #expect(try await server.process.exit() == .exited(0), "\(server.process.standardError)")
        #expect(try await fixture.storedBatches(topic: "Geology") == done)
    }
}
