import FCTestSupport
import Foundation
import Testing

/// The built `fcgen` against a loopback OpenAI-compatible server: real HTTP, real SQLite, real process.
@Suite(.serialized)
struct ProviderEndToEndTests {
    private static let secret = "sk-test-DO-NOT-LEAK-1234567890"

    private func openAIBody(_ questions: [String], finish: String = "stop") throws -> String {
        let cards = questions.map {
            ["question": $0, "answer": "An answer.", "explanation": "Why.", "type": "question"]
        }
        let content = String(decoding: try JSONSerialization.data(withJSONObject: ["cards": cards]), as: UTF8.self)
        let envelope: [String: Any] = [
            "id": "x", "object": "chat.completion", "model": "local-model",
            "choices": [["index": 0, "message": ["role": "assistant", "content": content], "finish_reason": finish]],
            "usage": ["prompt_tokens": 11, "completion_tokens": 22],
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: envelope), as: UTF8.self)
    }

    private func arguments(_ server: LoopbackServer, _ cli: CLIRunner, batches: Int = 2) -> [String] {
        [
            "--topic", "Photosynthesis", "--batches", "\(batches)", "--base-url", server.baseURL.absoluteString + "/v1",
            "--model", "local-model", "--db", cli.databasePath,
        ]
    }

    @Test func generatesAgainstALocalOpenAICompatibleServer() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        try await server.script([
            .init(json: try openAIBody(["What is chlorophyll?", "Where does photosynthesis happen?"])),
            .init(json: try openAIBody(["What does the Calvin cycle produce?"])),
        ])
        // Without an outline request (the setting off), the two scripted replies are the two batches.
        let result = try await cli.run(
            arguments(server, cli) + ["--concurrency", "1", "--json"], environment: ["FCGEN_TOPIC_OUTLINE": "false"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let batches = try #require(report["batches"] as? [[String: Any]])
        #expect(batches.compactMap { $0["kept"] as? Int } == [2, 1])
        #expect(batches.first?["inputTokens"] as? Int == 11)
        #expect(report["provider"] as? String == "openai")

        let requests = try await server.requests()
        #expect(requests.count == 2)
        #expect(requests.allSatisfy { $0.path == "/v1/chat/completions" })
        #expect(requests.allSatisfy { $0.headers["authorization"] == nil }, "no key configured, none sent")
        let second = try #require(requests.last?.json)
        #expect(second["model"] as? String == "local-model")
    }

    @Test func rejectedKeyExitsOneWithoutEchoingTheKey() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        try await server.script(
            [],
            default: .init(status: 401, json: #"{"error": {"message": "Incorrect API key provided: \#(Self.secret)"}}"#)
        )
        let result = try await cli.run(arguments(server, cli, batches: 1), environment: ["OPENAI_API_KEY": Self.secret])
        #expect(result.status == 1)
        #expect(result.stderr.contains("HTTP 401"))
        #expect(result.stderr.contains("OPENAI_API_KEY"))
        #expect(!result.stderr.contains(Self.secret) && !result.stdout.contains(Self.secret))
        let requests = try await server.requests()
        #expect(requests.count == 1, "401 is not retried")
        #expect(requests.first?.headers["authorization"] == "Bearer \(Self.secret)")
        let database = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        #expect(database.range(of: Data(Self.secret.utf8)) == nil, "the key never reaches the database")
    }

    @Test func serverThatKeepsFailingExitsSixtyNineAfterRetries() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        try await server.script([], default: .init(status: 503, json: #"{"error": {"message": "overloaded"}}"#))
        let result = try await cli.run(
            arguments(server, cli, batches: 1),
            environment: ["FCGEN_RETRIES": "2", "FCGEN_BACKOFF_BASE_S": "0", "FCGEN_BACKOFF_MAX_S": "0"]
        )
        #expect(result.status == 69, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("unavailable after 3 attempts"))
        #expect(try await server.requests().count == 3)
    }
}
