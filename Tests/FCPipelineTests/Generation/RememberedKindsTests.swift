import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// `--kinds` is remembered per topic as `--language` is: a later run or refill that asks for no kinds asks for the
/// remembered ones, ahead of the `card_kinds` setting; kinds asked for by name win and replace them.
struct RememberedKindsTests {
    private let database = PipelineFixtures.temporaryDatabasePath()

    private func removeDatabase() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
    }

    /// The `"type" is one of …` line of each request's batch prompt.
    private static func typeLines(_ transport: StubTransport) throws -> [String] {
        try transport.requests.map { request in
            let body = try #require(
                try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
            let messages = try #require(body["messages"] as? [[String: Any]])
            let user = try #require(messages.last?["content"] as? String)
            return try #require(user.split(separator: "\n").first { $0.contains("\"type\" is one of") }).description
        }
    }

    private static func options(asked: GeneratedKinds?, setting: GeneratedKinds = .standard) -> GenerationOptions {
        var options = GenerationOptions()
        options.kinds = setting
        options.askedKinds = asked
        return options
    }

    @Test func kindsAskedForAreRememberedAndUsedByALaterRunAndARefill() async throws {
        defer { removeDatabase() }
        let transport = StubTransport(replies: (1...4).map { PipelineFixtures.reply(["Question \($0)?"]) })
        let pipeline = try await PipelineFixtures.makePipeline(transport: transport, database: database)
        let asked = try GeneratedKinds.parse("question,cloze,mcq").get()
        let setting = try GeneratedKinds.parse("question,truefalse").get()

        _ = try await pipeline.generate(topic: "Rome", batches: 1, options: Self.options(asked: asked))
        let topic = try #require(try await Topics.named(on: pipeline.store, "Rome"))
        #expect(try await TopicPlans.generation(on: pipeline.store, topicID: topic.id).kinds == asked)
        // A run without --kinds, whatever the setting says, asks for the remembered kinds.
        _ = try await pipeline.generate(topic: "Rome", batches: 1, options: Self.options(asked: nil, setting: setting))
        // A refill, as the worker calls it: the setting's kinds, nothing asked for.
        let store = pipeline.store
        _ = try await pipeline.generateBatch(
            topic: topic, number: 3, options: Self.options(asked: nil, setting: setting)
        ) { try await BatchStorage.store(on: store, $0) }
        // Asked for by name again: those win, and replace the remembered ones.
        _ = try await pipeline.generate(topic: "Rome", batches: 1, options: Self.options(asked: setting))

        let lines = try Self.typeLines(transport)
        let remembered = #"- "type" is one of "question", "cloze" or "mcq"."#
        #expect(lines == [remembered, remembered, remembered, #"- "type" is one of "question" or "truefalse"."#])
        #expect(try await TopicPlans.generation(on: pipeline.store, topicID: topic.id).kinds == setting)
    }

    @Test func aTopicThatRemembersNoKindsFollowsTheSetting() async throws {
        defer { removeDatabase() }
        let transport = StubTransport(replies: [PipelineFixtures.reply(["Question?"])])
        let pipeline = try await PipelineFixtures.makePipeline(transport: transport, database: database)
        let setting = try GeneratedKinds.parse("question,truefalse").get()

        _ = try await pipeline.generate(topic: "Rome", batches: 1, options: Self.options(asked: nil, setting: setting))

        #expect(try Self.typeLines(transport) == [#"- "type" is one of "question" or "truefalse"."#])
        let topic = try #require(try await Topics.named(on: pipeline.store, "Rome"))
        #expect(try await TopicPlans.generation(on: pipeline.store, topicID: topic.id).kinds == nil)
    }
}
