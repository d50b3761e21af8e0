import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Synchronization
import Testing

/// The review pass (`--review`): one request per batch with flagged cards (every card of a source batch), its verdicts
/// applied before the batch's transaction, and a failed review never costing the batch.
struct ReviewPipelineTests {
    /// Five cards: four that quality rules flag (vague, not self-contained) and one clean one (card 3).
    static let batchCards: [[String: String]] = [
        ["question": "Tell me about the Roman Senate.", "answer": "An advisory council of elders."],
        ["question": "According to the text, who founded Rome?", "answer": "Romulus"],
        ["question": "Who was the first Roman emperor?", "answer": "Augustus"],
        ["question": "Describe the Punic Wars.", "answer": "Three wars between Rome and Carthage."],
        ["question": "What is important about the Colosseum?", "answer": "It hosted gladiator games."],
    ]

    static func cardsJSON(_ cards: [[String: String]]) -> String {
        let objects = cards.map { $0.merging(["explanation": "Because.", "type": "question"]) { old, _ in old } }
        let data = (try? JSONSerialization.data(withJSONObject: ["cards": objects], options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static func reviewJSON(_ reviews: [[String: Any]]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: ["reviews": reviews], options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static func batchReply() -> LoopbackServer.Response {
        .init(
            json: PipelineFixtures.openAIBody(
                content: cardsJSON(batchCards), promptTokens: 100, completionTokens: 200))
    }

    static func reviewReply(_ content: String) -> LoopbackServer.Response {
        .init(json: PipelineFixtures.openAIBody(content: content, promptTokens: 50, completionTokens: 20))
    }

    /// Verdicts for every kind of action: rewrite (1, 2), drop (4), a rewrite the sanitizer refuses (5 duplicates
    /// card 3), and a verdict on card 3, which was not sent and must be ignored.
    static let verdicts = reviewJSON([
        [
            "index": 1, "action": "rewrite", "question": "What was the Roman Senate's main role?",
            "answer": "Advising the magistrates", "reason": "vague",
        ],
        [
            "index": 2, "action": "rewrite", "question": "Who founded Rome, according to legend?",
            "answer": "Romulus", "reason": "needs the text",
        ],
        ["index": 3, "action": "drop", "question": "", "answer": "", "reason": "not sent"],
        ["index": 4, "action": "drop", "question": "", "answer": "", "reason": "no single answer"],
        [
            "index": 5, "action": "rewrite", "question": "Who was the first Roman emperor?", "answer": "Augustus",
            "reason": "a duplicate",
        ],
    ])

    func pipeline(_ server: LoopbackServer, _ database: TemporaryDatabase, events: EventLog) async throws -> Pipeline {
        try await PipelineFixtures.makePipeline(
            transport: TestHTTPClient.transport(), database: database.path, base: server.baseURL,
            structuredOutput: .jsonSchema, events: { events.record($0) })
    }

    /// What one reviewed generation of one batch left: its summaries, the requests the stub saw, and the pipeline
    /// (its store) with the events it sent.
    struct ReviewedRun {
        var summaries: [BatchSummary]
        var sent: [LoopbackServer.RecordedRequest]
        var pipeline: Pipeline
        var events: EventLog
        var database: TemporaryDatabase

        /// The cards stored in the topic, in deck order.
        func storedCards(topic: String = "Roman history") async throws -> [Card] {
            let topic = try #require(try await Topics.named(on: pipeline.store, topic))
            return try await Cards.inTopic(on: pipeline.store, topicID: topic.id)
        }
    }

    /// Generates one batch of "Roman history" with the review pass on, the stub answering `replies` in order.
    func reviewedRun(
        _ replies: [LoopbackServer.Response], configure: (inout GenerationOptions) -> Void = { _ in }
    ) async throws -> ReviewedRun {
        let database = await TemporaryDatabase.make()
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script(replies)
        let events = EventLog()
        let pipeline = try await pipeline(server, database, events: events)
        var options = GenerationOptions(concurrency: 1)
        options.review = true
        configure(&options)
        let summaries = try await pipeline.generate(topic: "Roman history", batches: 1, options: options)
        return ReviewedRun(
            summaries: summaries, sent: try await server.requests(), pipeline: pipeline, events: events,
            database: database)
    }

    static func reviews(_ events: EventLog) -> [ReviewSummary] {
        events.events.compactMap {
            if case .batchReviewed(_, _, let review) = $0 { review } else { nil }
        }
    }

    @Test func theReviewRequestCarriesTheFlaggedCardsAndItsVerdictsAreStoredInTheBatch() async throws {
        let run = try await reviewedRun([Self.batchReply(), Self.reviewReply(Self.verdicts)])
        let (sent, summaries, pipeline) = (run.sent, run.summaries, run.pipeline)
        try #require(sent.count == 2)
        let review = sent[1].body
        // The schema, and the flagged cards with their rules' meaning; the clean card is not sent.
        let format = try #require(sent[1].json?["response_format"] as? [String: Any])
        let schema = try #require(format["json_schema"] as? [String: Any])
        #expect(schema["name"] as? String == "card_review")
        #expect(review.contains("\\\"reviews\\\""))
        #expect(review.contains("Card 1 (question)") && review.contains("Tell me about the Roman Senate."))
        #expect(review.contains("vague-prompt: an open prompt with no single answer"))
        #expect(review.contains("not-self-contained: "))
        #expect(review.contains("Card 5 (question)"))
        #expect(!review.contains("Card 3") && !review.contains("Who was the first Roman emperor?"))

        let summary = try #require(summaries.first?.review)
        #expect(summary.status == .applied)
        #expect(summary.reviewed == 4)
        #expect(summary.before == 5 && summary.after == 4)
        #expect(summary.rewritten == 2 && summary.dropped == 1 && summary.kept == 2)
        #expect(summary.rewritesRefused == 1)
        #expect(summary.line == "review: 5 cards → 4 (2 rewritten, 1 dropped, 2 kept)")
        #expect(Self.reviews(run.events) == [summary])

        let questions = try await run.storedCards().map(\.question)
        #expect(
            questions == [
                "What was the Roman Senate's main role?", "Who founded Rome, according to legend?",
                "Who was the first Roman emperor?", "What is important about the Colosseum?",
            ])
        let topic = try #require(try await Topics.named(on: pipeline.store, "Roman history"))
        let batch = try #require(try await BatchStorage.list(on: pipeline.store, topicID: topic.id).first)
        #expect(batch.cardsKept == 4)
        #expect(summaries.first?.kept == 4)
        // The review has a ledger row of its own (kind review) beside the batch's; the batch's totals count both.
        let lines = try await UsageLedger.report(on: pipeline.store, since: 0)
        #expect(lines.map(\.requests) == [2])
        #expect(lines.map(\.inputTokens) == [150])
        #expect(lines.map(\.outputTokens) == [220])
        #expect(summaries.first?.inputTokens == 150)
        #expect(batch.usage == TokenUsage(input: 150, output: 220))
        let reviewRow = "SELECT input_tokens FROM llm_usage WHERE kind = 'review' AND batch_id = \(batch.id)"
        #expect(try await pipeline.store.scalarInteger(reviewRow) == 50)
        #expect(
            try await pipeline.store.scalarInteger("SELECT input_tokens FROM llm_usage WHERE kind = 'batch'") == 100)
    }

    @Test func anUnreadableReviewReplyStoresTheBatchAsSanitizedWithAWarning() async throws {
        let run = try await reviewedRun([
            Self.batchReply(), Self.reviewReply("I think these cards are fine overall."),
        ])
        let summary = try #require(run.summaries.first?.review)
        #expect(summary.status == .failed)
        #expect(summary.before == 5 && summary.after == 5 && summary.rewritten == 0 && summary.dropped == 0)
        #expect(summary.warning?.contains("review reply unusable") == true)
        #expect(run.summaries.first?.kept == 5)
        #expect(try await run.storedCards().count == 5)
        // The unusable reply was paid for: it has its review ledger row.
        let lines = try await UsageLedger.report(on: run.pipeline.store, since: 0)
        #expect(lines.map(\.inputTokens) == [150])
        #expect(try await run.pipeline.store.scalarInteger("SELECT COUNT(*) FROM llm_usage WHERE kind = 'review'") == 1)
    }

    @Test func aFailedReviewRequestStoresTheBatchAsSanitizedWithAWarning() async throws {
        let run = try await reviewedRun([
            Self.batchReply(), .init(status: 500, json: #"{"error": {"message": "overloaded"}}"#),
        ])
        #expect(run.sent.count == 2)
        let summary = try #require(run.summaries.first?.review)
        #expect(summary.status == .failed)
        #expect(summary.warning?.hasPrefix("review request failed") == true)
        #expect(Self.reviews(run.events).map(\.status) == [.failed])
        #expect(try await run.storedCards().count == 5)
        // Nothing was paid for the failed review: the ledger has the batch's row only.
        let lines = try await UsageLedger.report(on: run.pipeline.store, since: 0)
        #expect(lines.map(\.inputTokens) == [100])
        #expect(lines.map(\.requests) == [1])
    }

    @Test func aBatchWithNothingFlaggedSendsNoReview() async throws {
        let run = try await reviewedRun([
            .init(json: PipelineFixtures.openAIBody(content: Self.cardsJSON([Self.batchCards[2]])))
        ])
        #expect(run.sent.count == 1)
        #expect(run.summaries.first?.review == nil)
        #expect(run.summaries.first?.kept == 1)
    }

    @Test func aBudgetThatRefusesTheReviewSkipsItAndStoresTheBatch() async throws {
        let budget = AdmitFirst()
        let run = try await reviewedRun([Self.batchReply()]) { $0.budget = budget }

        #expect(run.sent.count == 1, "the review request was never sent")
        let summary = try #require(run.summaries.first?.review)
        #expect(summary.status == .skipped)
        #expect(summary.warning?.contains("stopped before its request was sent") == true)
        #expect(run.summaries.first?.kept == 5)
        #expect(budget.admitted == 1 && budget.refused == 1)
    }

    @Test func aRewriteIsSentWithTheCardsKindAndReadAsTheSanitizerReadsAnyCard() async throws {
        // A yes/no question the yes-no rule turns into a true/false card (flagged), and one more.
        let cards = [
            ["question": "Is Rome the capital of Italy?", "answer": "Yes, since 1871."],
            ["question": "Was Carthage in Africa?", "answer": "Yes."],
        ]
        let run = try await reviewedRun([
            .init(json: PipelineFixtures.openAIBody(content: Self.cardsJSON(cards))),
            Self.reviewReply(
                Self.reviewJSON([
                    [
                        "index": 1, "action": "rewrite", "question": "Rome has been the capital of Italy since 1871.",
                        "answer": "True", "reason": "a statement",
                    ],
                    // Not a true/false answer: read as a question card, as in any reply.
                    [
                        "index": 2, "action": "rewrite", "question": "Where was Carthage?", "answer": "North Africa",
                        "reason": "recall",
                    ],
                ])),
        ])

        let summary = try #require(run.summaries.first?.review)
        #expect(summary.rewritten == 2 && summary.rewritesRefused == 0 && summary.after == 2)
        let stored = try await run.storedCards()
        #expect(stored.map(\.kind) == [.truefalse, .question])
        #expect(stored.map(\.question) == ["Rome has been the capital of Italy since 1871.", "Where was Carthage?"])
        #expect(stored.map(\.answer) == ["True", "North Africa"])
    }

    @Test func aStreamedBatchTheReviewChangedIsStreamedAgainAsStored() async throws {
        let database = await TemporaryDatabase.make()
        let folder = URL(fileURLWithPath: database.path(named: "fixtures/roman-history"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(PipelineFixtures.openAIBody(content: Self.cardsJSON(Self.batchCards)).utf8)
            .write(to: folder.appendingPathComponent("batch-001.json"))
        try Data(PipelineFixtures.openAIBody(content: Self.verdicts).utf8)
            .write(to: folder.appendingPathComponent("review-001.json"))
        let events = EventLog()
        let pipeline = Pipeline(
            store: try await Store.open(
                path: database.path, now: .constant(Date(timeIntervalSince1970: 1_800_000_000))),
            provider: FixtureProvider(directory: folder.deletingLastPathComponent()), templates: .builtIn,
            clock: ImmediateClock(), origin: .fixture, events: { events.record($0) })
        var options = GenerationOptions(concurrency: 1, stream: true)
        options.review = true
        _ = try await pipeline.generate(topic: "Roman history", batches: 1, options: options)

        // Five cards streamed, then the batch restarted: what is streamed since is exactly what was stored.
        var streamed: [String] = []
        var restarts = 0
        for event in events.events {
            switch event {
            case .cardStreamed(_, _, _, let card): streamed.append(card.question)
            case .batchRestarted: (streamed, restarts) = ([], restarts + 1)
            default: break
            }
        }
        #expect(restarts == 1)
        let topic = try #require(try await Topics.named(on: pipeline.store, "Roman history"))
        #expect(streamed == (try await Cards.inTopic(on: pipeline.store, topicID: topic.id)).map(\.question))
        #expect(streamed.count == 4)
    }

    @Test func aSourceBatchIsReviewedWholeAgainstItsSection() async throws {
        let database = await TemporaryDatabase.make()
        let path = database.path(named: "notes.md")
        try Data("# Cells\nCells are the units of life. Mitochondria make ATP.\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        let source = try await SourceLoader.prepare(path, options: SourceOptions(searchPath: "/usr/bin:/bin"))
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cards = [
            ["question": "What are the units of life?", "answer": "Cells"],
            ["question": "What do mitochondria make?", "answer": "ATP"],
            ["question": "What colour are chloroplasts?", "answer": "Green"],
        ]
        try await server.script([
            .init(json: PipelineFixtures.openAIBody(content: Self.cardsJSON(cards))),
            Self.reviewReply(
                Self.reviewJSON([
                    ["index": 3, "action": "drop", "question": "", "answer": "", "reason": "not in the text"]
                ])),
        ])
        let events = EventLog()
        let pipeline = try await pipeline(server, database, events: events)
        var options = GenerationOptions(concurrency: 1)
        options.review = true
        let summaries = try await pipeline.generate(
            topic: "Biology", from: source, batchesPerSection: 1, options: options)

        let sent = try await server.requests()
        try #require(sent.count == 2)
        let review = sent[1].body
        #expect(review.contains("Cells are the units of life. Mitochondria make ATP."))
        #expect(review.contains("<source>") && review.contains("</source>"))
        #expect(review.contains("Card 1 (question)") && review.contains("Card 3 (question)"))
        let summary = try #require(summaries.first?.review)
        #expect(summary.reviewed == 3)
        #expect(summary.line == "review: 3 cards → 2 (0 rewritten, 1 dropped, 2 kept)")
        let topic = try #require(try await Topics.named(on: pipeline.store, "Biology"))
        #expect(
            try await Cards.inTopic(on: pipeline.store, topicID: topic.id).map(\.question) == [
                "What are the units of life?", "What do mitochondria make?",
            ])
    }
}

/// Admits the first request (the batch's) and refuses every later one (the review's) as a run budget would.
final class AdmitFirst: RequestBudget {
    private let counts = Mutex((admitted: 0, refused: 0))

    var admitted: Int { counts.withLock { $0.admitted } }
    var refused: Int { counts.withLock { $0.refused } }

    func admit(_ request: BudgetedRequest) async throws -> BudgetReservation {
        try counts.withLock { counts in
            guard counts.admitted == 0 else {
                counts.refused += 1
                throw BudgetExceeded(scope: .run, spent: 0.01, limit: 0.01, estimate: 0.001, batch: request.batch)
            }
            counts.admitted += 1
            return BudgetReservation(request: request, id: 1)
        }
    }

    func settle(_ reservation: BudgetReservation, cost: Double) {}
}
