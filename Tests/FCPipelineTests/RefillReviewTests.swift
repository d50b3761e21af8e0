import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The `review` setting reaches the refill worker: a refill batch with flagged cards is reviewed before it is stored.
struct RefillReviewTests {
    private static func reply(_ content: String) -> LLMHTTPResponse {
        LLMHTTPResponse(
            status: 200, headers: ["content-type": "application/json"],
            body: Data(PipelineFixtures.openAIBody(content: content).utf8))
    }

    @Test(arguments: [true, false])
    func aRefillBatchIsReviewedOnlyWhenTheSettingSaysSo(review: Bool) async throws {
        let transport = StubTransport { _, index in
            // Request 0 is the batch (its first card is vague); request 1, when it comes, the review dropping it.
            index == 0
                ? Self.reply(ReviewPipelineTests.cardsJSON(Array(ReviewPipelineTests.batchCards.prefix(3))))
                : Self.reply(
                    ReviewPipelineTests.reviewJSON([
                        ["index": 1, "action": "drop", "question": "", "answer": "", "reason": "vague"]
                    ]))
        }
        var options = RefillOptions(workerID: "test:1")
        options.review = review
        let harness = try await RefillHarness(transport: transport, options: options)
        let topic = try #require(try await harness.subscribe(["Rome"]).first)

        let summary = try await harness.worker.runRound()

        #expect(summary.done == 1)
        let questions = try await Cards.inTopic(on: harness.store, topicID: topic.id).map(\.question)
        #expect(transport.requests.count == (review ? 2 : 1))
        #expect(questions.contains("Tell me about the Roman Senate.") == !review)
        #expect(questions.contains("Who was the first Roman emperor?"))
    }
}
