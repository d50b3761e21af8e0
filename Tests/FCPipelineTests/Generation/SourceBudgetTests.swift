import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// `--max-cost` on a source run: the same admission as topic batches, before each section's request.
struct SourceBudgetTests {
    @Test func aRunBudgetStopsASourceRunBeforeTheRequestThatWouldCrossItAndKeepsWhatWasStored() async throws {
        let database = await TemporaryDatabase.make()
        let text = (1...8).map { "# Part \($0)\nPart \($0) holds fact number \($0)." }.joined(separator: "\n\n")
        let path = database.path(named: "notes.md")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let source = try await SourceLoader.prepare(path, options: SourceOptions(searchPath: "/usr/bin:/bin"))
        #expect(source.sectionCount == 8)

        let transport = StubTransport(replies: (1...8).map(BudgetPipelineTests.reply))
        let pipeline = try await BudgetPipelineTests.pipeline(transport, database)
        let store = pipeline.store
        // One request's worst case is ≈ $0.0027 and a reply costs ≈ $0.0005: $0.004 admits a few sections only.
        var options = GenerationOptions(concurrency: 1)
        options.budget = RunBudget(limit: 0.004)

        let error = await #expect(throws: PipelineError.self) {
            _ = try await pipeline.generate(topic: "Notes", from: source, batchesPerSection: 1, options: options)
        }
        guard case .batchFailed(_, let batch, let storedBefore, let underlying) = error,
            underlying is BudgetExceeded
        else {
            Issue.record("expected a batch refused by the budget, got \(String(describing: error))")
            return
        }
        #expect(storedBefore >= 1 && storedBefore < 8)
        #expect(batch == storedBefore + 1)
        // Nothing was sent for the refused section; what was sent is stored, with its provenance and its cost.
        #expect(transport.requests.count == storedBefore)
        let topic = try #require(try await Topics.named(on: store, "Notes"))
        #expect(try await BatchStorage.list(on: store, topicID: topic.id).count == storedBefore)
        let sections = try await store.scalarInteger("SELECT COUNT(DISTINCT section_index) FROM card_sources")
        #expect(sections == Int64(storedBefore))
        let lines = try await UsageLedger.report(on: store, since: 0)
        #expect(lines.map(\.requests).reduce(0, +) == storedBefore)
    }
}
