import Foundation
import Testing

/// `fcgen sanitize --json` is a contract scripts parse.
struct SanitizeCommandTests {
    @Test func jsonOutputHasTheDocumentedShape() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let reply = """
            Here you go:
            ```json
            {"cards": [{"question": "What is \\\\frac{1}{2} of 4?", "answer": "2", "explanation": "Half of four.", "type": "Q&A"},
                       {"front": "Capital of France?", "back": "Paris"}]}
            ```
            """
        let result = try await cli.run(["sanitize", "-", "--json"], stdin: Data(reply.utf8))
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["outcome"] as? String == "repaired")
        let cards = try #require(object["cards"] as? [[String: Any]])
        #expect(cards.count == 2)
        #expect(cards.first?["question"] as? String == "What is \\frac{1}{2} of 4?")
        #expect(cards.first?["type"] as? String == "question")
        #expect(cards.last?["answer"] as? String == "Paris")
        #expect(Set(cards.compactMap { $0["origin"] as? String }) == ["generated"])
        #expect(object["dropped"] is [String: Any])
        #expect((object["repairs"] as? [String])?.contains("code_fence") == true)
    }

    @Test func jsonOutputShowsQualityFlagsAndTheCardsTheChecksDropped() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let existing = cli.directory.appendingPathComponent("existing.txt")
        try Data("When did Caesar cross the Rubicon?\n\nWho founded Rome?\n".utf8).write(to: existing)
        let reply = """
            [{"question": "Was Carthage destroyed in 146 BC?", "answer": "Yes."},
             {"question": "In what year did Julius Caesar cross the Rubicon?", "answer": "49 BC"},
             {"question": "Which general, Hannibal, crossed the Alps?", "answer": "Hannibal"},
             {"question": "Tell me about the Punic Wars.", "answer": "Three wars between Rome and Carthage."}]
            """
        let result = try await cli.run(
            ["sanitize", "-", "--existing", existing.path, "--json"], stdin: Data(reply.utf8))
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let cards = try #require(object["cards"] as? [[String: Any]])
        #expect(cards.map { $0["flags"] as? [String] } == [["yes-no-question"], ["vague-prompt"]])
        #expect(cards.first?["type"] as? String == "truefalse")
        #expect(object["dropped"] as? [String: Int] == ["quality": 2])
        let dropped = try #require(object["qualityDropped"] as? [[String: Any]])
        #expect(dropped.map { $0["rule"] as? String } == ["near-duplicate", "answer-in-question"])
        #expect(dropped.first?["similarTo"] as? String == "when did caesar cross the rubicon")
        let quality = try #require(object["quality"] as? [String: [String: Int]])
        #expect(quality["yes-no-question"] == ["kept": 0, "fixed": 1, "dropped": 0])
        #expect(quality["near-duplicate"]?["dropped"] == 1)
    }

    /// "question<TAB>answer" lines give the topic's answers, so a card stating one of its facts in other words is
    /// dropped too; a line without a tab is a question alone, as before.
    @Test func existingAnswersCatchTheSameFactInOtherWords() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let existing = cli.directory.appendingPathComponent("existing.tsv")
        try Data("Who wrote Hamlet?\tWilliam Shakespeare\nWho founded Rome?\n".utf8).write(to: existing)
        let reply = """
            [{"question": "Who is the author of Hamlet?", "answer": "Shakespeare"},
             {"question": "Who wrote Macbeth?", "answer": "William Shakespeare"}]
            """
        let result = try await cli.run(
            ["sanitize", "-", "--existing", existing.path, "--json"], stdin: Data(reply.utf8))
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let cards = try #require(object["cards"] as? [[String: Any]])
        #expect(cards.map { $0["question"] as? String } == ["Who wrote Macbeth?"])
        let dropped = try #require(object["qualityDropped"] as? [[String: Any]])
        #expect(dropped.map { $0["rule"] as? String } == ["near-duplicate"])
        #expect(dropped.first?["similarTo"] as? String == "who wrote hamlet")

        // Without the answer, the wording alone does not catch it.
        try Data("Who wrote Hamlet?\nWho founded Rome?\n".utf8).write(to: existing)
        let questionsOnly = try await cli.run(
            ["sanitize", "-", "--existing", existing.path, "--json"], stdin: Data(reply.utf8))
        let kept = try #require(
            (try JSONSerialization.jsonObject(with: Data(questionsOnly.stdout.utf8)) as? [String: Any])?["cards"]
                as? [[String: Any]])
        #expect(kept.count == 2)
    }

    @Test func jsonOutputShowsClozeAndMultipleChoiceCardsAndWhyBadOnesWereDropped() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let reply = #"""
            {"cards": [
              {"type": "cloze", "text": "{{c1::Romulus}} founded Rome in {{c2::753 BC}}."},
              {"type": "multiple_choice", "question": "Who was the first Roman emperor?",
               "options": ["Nero", "Augustus", "Trajan", "Hadrian"], "answer": "Augustus"},
              {"type": "mcq", "question": "Which two?", "options": [{"text": "A", "correct": true},
               {"text": "B", "correct": true}, {"text": "C"}, {"text": "D"}]},
              {"type": "cloze", "question": "Caesar crossed the Rubicon.", "answer": "Rubicon"}
            ]}
            """#
        let result = try await cli.run(["sanitize", "-", "--json"], stdin: Data(reply.utf8))
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let cards = try #require(object["cards"] as? [[String: Any]])
        #expect(cards.map { $0["type"] as? String } == ["cloze", "mcq"])
        #expect(cards.first?["answer"] as? String == "Romulus founded Rome in 753 BC.")
        let choices = try #require(cards.last?["choices"] as? [String: Any])
        #expect(choices["options"] as? [String] == ["Nero", "Augustus", "Trajan", "Hadrian"])
        #expect(choices["correctIndex"] as? Int == 1)
        #expect(cards.first?["choices"] == nil)
        // The cloze card without a deletion is kept as a question card, which the answer-in-question rule drops.
        #expect(object["dropped"] as? [String: Int] == ["mcq_several_correct": 1, "quality": 1])
    }
}
