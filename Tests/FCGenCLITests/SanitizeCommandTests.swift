import Foundation
import Testing

/// `fcgen sanitize --json` is a contract scripts parse.
struct SanitizeCommandTests {
    @Test func jsonOutputHasTheDocumentedShape() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let reply = """
            Here you go:
            ```json
            {"cards": [{"question": "What is \\\\frac{1}{2} of 4?", "answer": "2", "explanation": "Half of four.", "type": "Q&A"},
                       {"front": "Capital of France?", "back": "Paris"}]}
            ```
            """
        let result = try cli.run(["sanitize", "-", "--json"], stdin: Data(reply.utf8))
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
}
