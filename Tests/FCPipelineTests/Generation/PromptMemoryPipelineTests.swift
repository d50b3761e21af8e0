import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Prompt memory within and across runs: each batch's prompt knows what the run's earlier batches stored, and what
/// it carries stays bounded. Requests go to the loopback stub (new cards for every request, an outline for
/// the outline request) and are measured where they leave, at the transport.
struct PromptMemoryPipelineTests {
    private let database = PipelineFixtures.temporaryDatabasePath()

    private func removeDatabase() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
    }

    /// The loopback stub numbers its replies, so a question names its request: "Request 7, card 3: how did …".
    private static func request(of question: String) -> Int? {
        guard question.hasPrefix("Request "), let comma = question.firstIndex(of: ",") else { return nil }
        return Int(question[question.index(question.startIndex, offsetBy: 8)..<comma])
    }

    /// The question as it appears inside a JSON string of the request body.
    private static func escaped(_ question: String) -> String {
        String(JSONString.quoted(question).dropFirst().dropLast())
    }

    @Test(.timeLimit(.minutes(10)))
    func fiftyBatchesKnowTheRunsEarlierCardsAndStayBounded() async throws {
        defer { removeDatabase() }
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let transport = RecordingTransport(TestHTTPClient.transport())
        let pipeline = try await PipelineFixtures.makePipeline(
            transport: transport, database: database, base: server.url("/openai/0/v1"), structuredOutput: .jsonSchema)
        let summaries = try await pipeline.generate(
            topic: "Roman history", batches: 50, options: GenerationOptions(concurrency: 1, outline: true))
        #expect(summaries.count == 50)

        let bodies = transport.bodies.map { String(decoding: $0, as: UTF8.self) }.filter {
            !$0.contains("topic_outline")
        }
        try #require(bodies.count == 50)
        let first = transport.bodies.first { !String(decoding: $0, as: UTF8.self).contains("topic_outline") }
        let firstSize = try #require(first).count
        let lastSize = try #require(transport.bodies.last).count
        #expect(
            Double(lastSize) <= 1.5 * Double(firstSize),
            "batch 50 sends \(lastSize) bytes, batch 1 \(firstSize): the prompt's memory must stay bounded")
        // Not only at the end: no batch of the run, with its focus and the covered steps, sends more.
        let largest = transport.bodies.map(\.count).max() ?? 0
        #expect(Double(largest) <= 1.5 * Double(firstSize), "a request of \(largest) bytes, batch 1 \(firstSize)")

        // Batch N (from 2) lists questions that batches before N of this same run stored.
        let topic = try #require(try await Topics.named(on: pipeline.store, "Roman history"))
        let cards = try await Cards.inTopic(on: pipeline.store, topicID: topic.id)
        let batchOfID = Dictionary(
            uniqueKeysWithValues: try await BatchStorage.list(on: pipeline.store, topicID: topic.id).map {
                ($0.id, $0.plan.number)
            })
        for number in 2...50 {
            let body = bodies[number - 1]
            let earlier = cards.filter { batchOfID[$0.batchID ?? -1].map { $0 < number } ?? false }
            let listed = earlier.filter { body.contains(Self.escaped($0.question)) }
            #expect(!listed.isEmpty, "batch \(number)'s prompt lists none of the run's earlier questions")
            #expect(listed.allSatisfy { Self.request(of: $0.question).map { $0 < number } ?? false })
        }
        // Batch 2 can only know batch 1, so it must list batch 1's questions.
        #expect(
            cards.filter { $0.batchID.flatMap { batchOfID[$0] } == 1 }.contains {
                bodies[1].contains(Self.escaped($0.question))
            })
    }
}
