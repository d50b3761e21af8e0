import ArgumentParser
import FCCore
import FCGenerator
import FCPipeline
import FCSanitizer
import FCStore
import Foundation

/// `fcgen-bench live --base-url URL --model M [--topics FILE]`: runs a fixed list of topics (history, a language,
/// maths, a science, a programming topic) through a real model on any OpenAI-compatible server (llama.cpp's
/// server, Ollama, vLLM, OpenAI) into a throwaway SQLite store, and reports per topic what the pipeline made of it:
/// cards asked for and kept, fallback batches, the share each quality rule flagged, near-duplicates dropped, how
/// many of the outline's steps the batches covered, seconds and tokens per kept card. A benchmark of the model and
/// the prompts together, not a CI test: it needs a model, and its figures are the model's.
enum LiveBenchmark {
    static let name = "live"
    static let defaultTopics = ["Roman history", "Spanish verbs", "Algebra", "Photosynthesis", "Python lists"]

    /// Runs the benchmark with `arguments` (those after `live`).
    static func run(_ arguments: [String]) async throws {
        let options = try LiveOptions.parse(arguments)
        let topics = try options.topics.map(readTopics) ?? defaultTopics
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var layer = ConfigLayer()
        layer.provider = "openai"
        layer.baseURL = options.baseURL
        layer.model = options.model
        layer.apiKeyEnv = options.apiKeyEnv
        layer.cardsPerBatch = options.cardsPerBatch
        layer.timeoutSeconds = options.timeoutSeconds
        layer.structuredOutput = options.structuredOutput
        layer.embeddingModel = options.embeddingModel
        // A relative path is read from here, not from the run's folder.
        layer.promptsDirectory = options.prompts.map { URL(fileURLWithPath: $0).path }
        layer.concurrency = 1
        layer.fallbackRetries = options.fallbackRetries
        layer.frequencyPenalty = options.frequencyPenalty
        layer.database = directory.appendingPathComponent("live.sqlite").path
        let environment = ProcessInfo.processInfo.environment
        let settings = try Settings.resolve(layer, environment: environment, workingDirectory: directory)
        let factory = PipelineFactory(settings: settings, environment: environment, workingDirectory: directory)
        let events = LiveEvents()
        progress(
            "\(name): \(topics.count) topics × \(options.batches) batches of \(options.cardsPerBatch) cards, "
                + "model \(options.model) at \(options.baseURL)")

        var totals = (batches: 0, fallback: 0, real: 0, unflagged: 0, askedAgain: 0)
        try await HTTPClientTransport.withTransport(maxConnectionsPerHost: 1) { transport in
            let pipeline = try await factory.makePipeline(
                transport: transport, clock: ContinuousClock(), random: RandomSource(seed: 1), now: .system,
                events: events.record)
            for topic in topics {
                let clock = ContinuousClock()
                let start = clock.now
                do {
                    _ = try await pipeline.generate(
                        topic: topic, batches: options.batches,
                        options: factory.generationOptions(strict: false, language: nil))
                } catch {
                    progress("\(name): \(topic): \(error)")
                }
                let seconds = (clock.now - start).seconds
                let tally = events.take()
                var figures = LiveFigures(
                    topic: topic, tally: tally, asked: options.batches * options.cardsPerBatch, seconds: seconds)
                if let stored = try await Topics.named(on: pipeline.store, topic) {
                    figures.planNote = try await TopicPlans.generation(on: pipeline.store, topicID: stored.id).planNote
                }
                figures.report()
                totals.batches += tally.batches.count
                totals.fallback += figures.fallbackBatches
                totals.real += figures.realKept
                totals.unflagged += tally.unflagged
                totals.askedAgain += tally.askedAgain
            }
        }
        let perBatch = totals.batches == 0 ? 0 : Double(totals.real) / Double(totals.batches)
        report(
            .init(
                benchmark: name, metric: "all.real_cards_per_batch", value: perBatch, unit: "cards", goal: .atLeast(5)))
        let unflaggedPerBatch = totals.batches == 0 ? 0 : Double(totals.unflagged) / Double(totals.batches)
        report(
            .init(
                benchmark: name, metric: "all.real_unflagged_cards_per_batch", value: unflaggedPerBatch,
                unit: "cards", goal: .atLeast(5)))
        report(
            .init(
                benchmark: name, metric: "all.batches.fallback", value: Double(totals.fallback), unit: "batches",
                goal: .atMost(0)))
        report(
            .init(
                benchmark: name, metric: "all.batches.asked_again", value: Double(totals.askedAgain),
                unit: "requests"))
    }

    /// The topics of `path`, one per line; blank lines and lines starting with `#` are skipped.
    static func readTopics(_ path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let topics = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard !topics.isEmpty else { throw ValidationError("\(path) lists no topic") }
        return topics
    }
}
