import Foundation
import NIOHTTP1
import Testing

/// Generation over HTTP against the built `fcgen serve --offline`: 202 and a generation id, the event stream (live
/// or replayed, resumed with Last-Event-ID), the poll resource, and what is refused.
@Suite("the service: generation (in process, on a socket)")
struct GenerationTests {
    @Test("3 batches: 202, the stream has 3 batch events with their cards then done, the poll and the database agree")
    func generateThreeBatches() async throws {
        let fixture = try await ServiceUnderTest(seeded: false, generations: 1)
        let (admin, learner) = (fixture.adminToken, fixture.learnerToken)
        let check = OpenAPICheck()
        try await fixture.serveLive { server in

            let topic = try await server.call(.POST, "/v1/topics", token: admin, json: #"{"name": "Roman history"}"#)
            let topicID = try #require((topic.json["topic"] as? [String: Any])?["id"] as? Int)
            let accepted = check.add(
                try await server.call(
                    .POST, "/v1/topics/\(topicID)/generations", token: admin, json: #"{"batches": 3}"#),
                "Generation", label: "202")
            #expect(accepted.status == 202, "\(accepted.text)")
            let id = try #require(accepted.json["id"] as? String)
            #expect(accepted.headers.first(name: "Location") == "/v1/generations/\(id)")
            #expect(["queued", "running"].contains(accepted.json["status"] as? String ?? ""))
            #expect(accepted.json["batchesRequested"] as? Int == 3)

            // The stream: whatever ran before it connected is replayed, the rest follows live; it ends after `done`.
            let stream = try await server.events("/v1/generations/\(id)/events", token: admin)
            #expect(stream.status == 200, "\(stream.text)")
            #expect(stream.contentType.hasPrefix("text/event-stream"))
            #expect(stream.events.map(\.name) == ["batch", "batch", "batch", "done"], "\(stream.text)")
            #expect(stream.events.map(\.id) == [1, 2, 3, 4])
            var streamedCards = 0
            for (index, event) in stream.events.prefix(3).enumerated() {
                check.add(
                    Reply(status: 200, headers: [:], text: event.data), "GenerationBatchEvent", label: "batch \(index)")
                let batch = try #require(event.json["batch"] as? [String: Any])
                let cards = try #require(event.json["cards"] as? [[String: Any]])
                #expect(batch["number"] as? Int == index + 1)
                #expect(!cards.isEmpty)
                #expect(cards.allSatisfy { $0["topicId"] as? Int == topicID })
                #expect(event.json["batchesDone"] as? Int == index + 1)
                streamedCards += cards.count
                #expect(event.json["cardsStored"] as? Int == streamedCards)
            }
            let done = try #require(stream.events.last)
            check.add(Reply(status: 200, headers: [:], text: done.data), "Generation", label: "done")
            #expect(done.json["status"] as? String == "succeeded")

            // The poll resource agrees with the stream and with the database.
            let polled = check.add(
                try await server.call(.GET, "/v1/generations/\(id)", token: admin), "Generation", label: "poll")
            #expect(polled.json["status"] as? String == "succeeded")
            #expect(polled.json["batchesDone"] as? Int == 3)
            #expect((polled.json["batches"] as? [[String: Any]])?.count == 3)
            #expect(polled.json["cardsStored"] as? Int == streamedCards)
            #expect(try await fixture.cliCards(topic: "Roman history").count == streamedCards)
            let listed = check.add(
                try await server.call(.GET, "/v1/generations", token: admin), "GenerationList", label: "list")
            #expect((listed.json["generations"] as? [[String: Any]])?.first?["id"] as? String == id)

            // A late subscriber gets the whole replay; Last-Event-ID resumes after the event named.
            let late = try await server.events("/v1/generations/\(id)/events", token: admin)
            #expect(late.events == stream.events)
            let resumed = try await server.events("/v1/generations/\(id)/events", token: admin, lastEventID: 2)
            #expect(resumed.events.map(\.id) == [3, 4])
            #expect(resumed.events == Array(stream.events.suffix(2)))

            // Refused: a learner token, an unknown generation or topic, a bad body.
            expectProblem(
                try await server.call(.POST, "/v1/topics/\(topicID)/generations", token: learner, json: "{}"),
                status: 403, code: "forbidden")
            expectProblem(
                try await server.call(.GET, "/v1/generations/\(id)", token: learner), status: 403, code: "forbidden")
            let unknown = check.add(
                try await server.call(.GET, "/v1/generations/\(UUID().uuidString.lowercased())", token: admin),
                "Problem",
                label: "404")
            expectProblem(unknown, status: 404, code: "not_found")
            let unknownStream = try await server.events("/v1/generations/nope/events", token: admin)
            #expect(unknownStream.status == 404)
            #expect(unknownStream.events.isEmpty)
            expectProblem(
                try await server.call(.POST, "/v1/topics/9999/generations", token: admin, json: #"{"batches": 1}"#),
                status: 404, code: "not_found")
            expectProblem(
                try await server.call(
                    .POST, "/v1/topics/\(topicID)/generations", token: admin, json: #"{"batches": 0}"#),
                status: 400, code: "bad_request", field: "batches")
            expectProblem(
                try await server.call(
                    .POST, "/v1/topics/\(topicID)/generations", token: admin, json: #"{"language": "not a tag!"}"#),
                status: 400, code: "bad_request", field: "language")
            // Offline, a topic without recorded replies would be templated fallback cards only: refused, naming the
            // topics the server knows, unless the request asks to store fallback cards.
            let other = try await server.call(.POST, "/v1/topics", token: admin, json: #"{"name": "Basket weaving"}"#)
            let otherID = try #require((other.json["topic"] as? [String: Any])?["id"] as? Int)
            let unrecorded = check.add(
                try await server.call(
                    .POST, "/v1/topics/\(otherID)/generations", token: admin, json: #"{"batches": 1}"#),
                "Problem", label: "400 no recorded replies")
            expectProblem(unrecorded, status: 400, code: "bad_request", field: "topic")
            #expect(unrecorded.text.contains(#"\"Roman history\""#), "\(unrecorded.text)")
            expectProblem(
                try await server.call(
                    .POST, "/v1/topics/\(otherID)/generations", token: admin, json: #"{"storeFallback": "yes"}"#),
                status: 400, code: "bad_request", field: "storeFallback")
            // The fixture provider has no price, so a budget cannot be kept: refused before anything is queued.
            expectProblem(
                check.add(
                    try await server.call(
                        .POST, "/v1/topics/\(topicID)/generations", token: admin, json: #"{"maxCostUsd": 0.5}"#),
                    "Problem", label: "409 maxCostUsd without a price"),
                status: 409, code: "conflict", field: "maxCostUsd")
            expectProblem(
                try await server.call(
                    .GET, "/v1/generations/\(id)/events", token: admin, headers: [("Last-Event-ID", "x")]),
                status: 400, code: "bad_request", field: "Last-Event-ID")

            let metrics = try await server.call(.GET, "/metrics")
            #expect(metrics.text.contains("fcgen_generation_batches_total{outcome="), "\(metrics.text.prefix(2000))")
            #expect(metrics.text.contains(#"fcgen_generations_total{status="succeeded"} 1"#))
        }
        try await check.validate(in: fixture.directory)
    }

    @Test("a second generation of a busy server waits queued, then runs; both store their batches")
    func queuedGeneration() async throws {
        let fixture = try await ServiceUnderTest(seeded: false, generations: 1)
        let admin = fixture.adminToken
        try await fixture.serveLive { server in
            // No recorded replies for this topic: the batches are templated fallback cards, asked for.
            let topic = try await server.call(.POST, "/v1/topics", token: admin, json: #"{"name": "Photosynthesis"}"#)
            let topicID = try #require((topic.json["topic"] as? [String: Any])?["id"] as? Int)
            var ids: [String] = []
            for _ in 0..<2 {
                let accepted = try await server.call(
                    .POST, "/v1/topics/\(topicID)/generations", token: admin,
                    json: #"{"batches": 2, "storeFallback": true}"#)
                #expect(accepted.status == 202, "\(accepted.text)")
                ids.append(try #require(accepted.json["id"] as? String))
            }
            // The second one's stream follows it from queued to done.
            let second = try await server.events("/v1/generations/\(ids[1])/events", token: admin)
            #expect(second.events.map(\.name) == ["batch", "batch", "done"], "\(second.text)")
            let numbers = second.events.prefix(2).compactMap { ($0.json["batch"] as? [String: Any])?["number"] as? Int }
            #expect(numbers == [3, 4], "one topic's generations run one after the other, numbering on")
            let first = try await server.call(.GET, "/v1/generations/\(ids[0])", token: admin)
            #expect(first.json["status"] as? String == "succeeded")
        }
    }
}
