import FCTestSupport
import Foundation
import Testing

/// `fcgen --kinds`: the request asks for cloze and multiple-choice cards, and what comes back is stored as such.
@Suite(.serialized)
struct GenerationKindsTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func openAIBody(_ cards: [[String: Any]]) throws -> String {
        let content = String(decoding: try JSONSerialization.data(withJSONObject: ["cards": cards]), as: UTF8.self)
        let envelope: [String: Any] = [
            "id": "x", "object": "chat.completion", "model": "local-model",
            "choices": [["index": 0, "message": ["role": "assistant", "content": content], "finish_reason": "stop"]],
            "usage": ["prompt_tokens": 11, "completion_tokens": 22],
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: envelope), as: UTF8.self)
    }

    private static var reply: [[String: Any]] {
        [
            [
                "question": "Who founded Rome?", "answer": "Romulus", "explanation": "Legend.", "type": "question",
                "options": [String](),
            ],
            [
                "question": "{{c1::Romulus}} founded Rome in {{c2::753 BC}}.",
                "answer": "Romulus founded Rome in 753 BC.",
                "explanation": "The traditional date.", "type": "cloze", "options": [String](),
            ],
            [
                "question": "Who was the first emperor?", "answer": "Augustus", "explanation": "From 27 BC.",
                "type": "mcq",
                "options": ["Nero", "Augustus", "Trajan", "Hadrian"],
            ],
            // A multiple-choice card with two wrong options: its question and answer are kept as a question card
            // (salvaged), as the sanitizer keeps them anywhere.
            [
                "question": "Which river flows through Rome?", "answer": "Tiber", "explanation": "", "type": "mcq",
                "options": ["Tiber", "Po", "Arno"],
            ],
        ]
    }

    @Test func aRequestForClozeAndChoiceCardsSendsTheirSchemaAndStoresThem() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        try await server.script([.init(json: try openAIBody(Self.reply))])
        let db = ["--db", cli.databasePath]
        let result = try await cli.run(
            [
                "--topic", "Rome", "--kinds", "question,cloze,mcq", "--base-url", server.baseURL.absoluteString + "/v1",
                "--model", "local-model", "--json",
            ] + db, environment: ["FCGEN_TOPIC_OUTLINE": "false"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let batches = try #require(try object(result.stdout)["batches"] as? [[String: Any]])
        #expect(batches.first?["kept"] as? Int == 4)

        let request = try #require(try await server.requests().first)
        let format = try #require(request.json?["response_format"] as? [String: Any])
        let schema = (format["json_schema"] as? [String: Any])?["schema"] as? [String: Any]
        let cards = (schema?["properties"] as? [String: Any])?["cards"] as? [String: Any]
        let item = try #require(cards?["items"] as? [String: Any])
        let properties = try #require(item["properties"] as? [String: Any])
        #expect((properties["type"] as? [String: Any])?["enum"] as? [String] == ["question", "cloze", "mcq"])
        #expect(properties["options"] != nil)
        let messages = try #require(request.json?["messages"] as? [[String: String]])
        let user = try #require(messages.last?["content"])
        #expect(user.contains(#""{{c1::Romulus}} founded Rome in {{c2::753 BC}}.""#))
        #expect(user.contains(#""type" is one of "question", "cloze" or "mcq""#))

        let listed = try await cli.run(["cards", "--topic", "Rome", "--json"] + db)
        #expect(listed.status == 0, "stderr: \(listed.stderr)")
        let stored = try #require(try object(listed.stdout)["cards"] as? [[String: Any]])
        // The cloze card's c2 is a card of its own (a sibling), after the batch.
        #expect(stored.compactMap { $0["kind"] as? String } == ["question", "cloze", "mcq", "question", "cloze"])
        #expect(stored[4]["clozeNumber"] as? Int == 2 && stored[4]["clozeOf"] as? Int == stored[1]["id"] as? Int)
        #expect(stored[3]["question"] as? String == "Which river flows through Rome?")
        #expect(stored[3]["choices"] == nil)
        #expect(stored[1]["answer"] as? String == "Romulus founded Rome in 753 BC.")
        #expect(stored[0]["choices"] == nil && stored[1]["choices"] == nil)
        let choices = try #require(stored[2]["choices"] as? [String: Any])
        #expect(choices["options"] as? [String] == ["Nero", "Augustus", "Trajan", "Hadrian"])
        #expect(choices["correctIndex"] as? Int == 1)
        #expect(stored[2]["answer"] as? String == "Augustus")
    }

    @Test func withoutKindsTheRequestAndTheReadingStayAsBefore() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        try await server.script([.init(json: try openAIBody(Self.reply))])
        let db = ["--db", cli.databasePath]
        let result = try await cli.run(
            ["--topic", "Rome", "--base-url", server.baseURL.absoluteString + "/v1", "--model", "local-model"] + db,
            environment: ["FCGEN_TOPIC_OUTLINE": "false"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let request = try #require(try await server.requests().first)
        #expect(!request.body.contains("options") && !request.body.contains("cloze"))
        let listed = try await cli.run(["cards", "--topic", "Rome", "--json"] + db)
        let stored = try #require(try object(listed.stdout)["cards"] as? [[String: Any]])
        #expect(!stored.contains { ["cloze", "mcq"].contains($0["kind"] as? String) })
        #expect(stored.allSatisfy { $0["choices"] == nil })
    }

    @Test func theSettingAsksForTheKindsAndABadListIsAUsageError() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let bad = try await cli.run(["--topic", "Rome", "--kinds", "question,image", "--offline"] + db)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--kinds: \"image\" is not a kind generation makes"), "stderr: \(bad.stderr)")
        let badSetting = try await cli.run(
            ["--topic", "Rome", "--offline"] + db, environment: ["FCGEN_CARD_KINDS": "question,,mcq"])
        #expect(badSetting.status != 0)
        #expect(badSetting.stderr.contains("FCGEN_CARD_KINDS"), "stderr: \(badSetting.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))

        // The offline fixture topic with cloze and multiple-choice replies, asked for through the setting.
        let result = try await cli.run(
            ["--topic", "Solar system", "--offline", "--json"] + db,
            environment: ["FCGEN_CARD_KINDS": "question,cloze,mcq"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let listed = try await cli.run(["cards", "--topic", "Solar system", "--json"] + db)
        let stored = try #require(try object(listed.stdout)["cards"] as? [[String: Any]])
        let kinds = stored.compactMap { $0["kind"] as? String }
        // Four cloze texts; one has two deletion numbers, so it is two cards.
        #expect(kinds.filter { $0 == "cloze" }.count == 5)
        #expect(stored.filter { $0["clozeOf"] is Int }.count == 1)
        #expect(kinds.filter { $0 == "mcq" }.count == 5)
        #expect(kinds.filter { $0 == "question" }.count == 3)
        let red = try #require(stored.first { $0["question"] as? String == "Which planet is known as the Red Planet?" })
        let choices = try #require(red["choices"] as? [String: Any])
        #expect(choices["options"] as? [String] == ["Venus", "Mars", "Jupiter", "Mercury"])
        #expect(choices["correctIndex"] as? Int == 1)
    }
}
