import FCCore
import FCDeckFormats
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Cards put in the store as the command line puts them, for route tests that start from a deck.
extension ServiceUnderTest {
    /// Adds a card at the end of `topic`'s deck (made if new) with the checks and the write `fcgen card add` makes:
    /// `options` and `correct` (from 0) for a multiple-choice card, `--kind cloze` with the answer left to the rules.
    func addCard(
        topic: String, kind: CardKind = .question, question: String, answer: String = "", options: [String] = [],
        correct: Int? = nil
    ) async throws {
        let choices =
            kind == .mcq && !options.isEmpty
            ? try CardChoicesInput.choices(options, correct: correct, answer: answer.isEmpty ? nil : answer) : nil
        let checked = try CardRules.check(
            CardContent(
                kind: kind, question: question, answer: answer, explanation: nil, hasImage: false, choices: choices),
            reversed: false)
        let found = try await Topics.ensure(on: store, named: topic)
        _ = try await CardEditing.add(
            on: store,
            NewCard(
                topicID: found.id, kind: checked.kind, question: checked.question, answer: checked.answer,
                explanation: checked.explanation, origin: .manual, image: nil, withTwin: false,
                choices: checked.choices))
    }

    /// Generates `topic`'s cards from the file at `path`, one batch per section, through the pipeline
    /// `fcgen generate --topic T --from FILE --offline` runs.
    func generateOffline(topic: String, from path: String) async throws {
        let settings = try pipelineSettings(.offline)
        let document = try await SourceLoader.prepare(
            path, options: SourceOptions(maxBytes: settings.sourceMaxBytes, searchPath: "/usr/bin:/bin"))
        let factory = PipelineFactory(settings: settings, environment: [:], workingDirectory: directory)
        let pipeline = try factory.makePipeline(
            store: store, transport: StubTransport(), clock: ContinuousClock(), random: RandomSource(seed: 7),
            events: { _ in })
        _ = try await pipeline.generate(
            topic: topic, from: document, batchesPerSection: 1, options: factory.generationOptions(strict: false))
    }

    /// Writes `text` to a file in the fixture's folder and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}

extension ServiceUnderTest {
    /// The number of batches stored for `topic`, as `fcgen batches --topic T` lists them (-1: no such topic).
    func storedBatches(topic: String) async throws -> Int {
        guard let found = try await Topics.named(on: store, topic) else { return -1 }
        return try await BatchStorage.list(on: store, topicID: found.id).count
    }

    /// Sets `topic`'s daily budget in US dollars, as `fcgen topic set T --daily-budget USD` does.
    func setDailyBudget(_ budget: Double, topic: String) async throws {
        let found = try #require(try await Topics.named(on: store, topic), "no topic \(topic)")
        try await UsageLedger.setDailyBudget(on: store, budget, topicID: found.id)
    }
}
