import FCCore
import Testing

@testable import FCGenerator

struct PromptTemplateTests {
    let plan = BatchPlan(number: 4, aspect: "causes and effects", depth: .intermediate)

    @Test func renderFillsEveryPlaceholder() {
        let prompt = PromptTemplates.builtIn.render(topic: "Roman history", plan: plan, count: 12, avoid: ["Q1?"])
        #expect(!prompt.system.contains("{{"))
        #expect(!prompt.user.contains("{{"))
        #expect(prompt.user.contains("exactly 12 flashcards about \"Roman history\""))
        #expect(prompt.user.contains("batch 4"))
        #expect(prompt.user.contains("causes and effects"))
        #expect(prompt.user.contains("Depth: intermediate. " + DepthLevel.intermediate.guidance))
        #expect(prompt.user.contains("{\"cards\": ["))
        #expect(prompt.system.contains("JSON"))
    }

    @Test func avoidBlockAppearsOnlyWhenThereIsSomethingToAvoid() {
        let without = PromptTemplates.builtIn.render(topic: "Rome", plan: plan, count: 5, avoid: [])
        #expect(!without.user.contains("already in the deck"))
        #expect(!without.user.contains("\n\n\n"))
        #expect(without.user.hasSuffix(Self.shapeLine))

        let with = PromptTemplates.builtIn.render(topic: "Rome", plan: plan, count: 5, avoid: ["Who was Nero?", ""])
        #expect(with.user.contains("already in the deck"))
        #expect(with.user.contains("\n- Who was Nero?\n\nRules for every card:"))
        #expect(with.user.hasSuffix(Self.shapeLine))
        #expect(!with.user.contains("\n- \n"))
    }

    /// The reply's shape is the prompt's last line: a small model copies what it read last, and copying the shape
    /// costs at most one placeholder card, where copying the avoid list cost a third of a batch (SmolLM2-135M wrote
    /// 6 of 15 cards of its batch 2 as questions from the list, 2026-11-30).
    static let shapeLine =
        #"{"cards": [{"question": "...", "answer": "...", "explanation": "...", "type": "question", "image_query": ""}]}"#

    @Test func avoidListIsBoundedPerEntryAndInTotal() {
        let limits = AvoidListLimits(maxEntryLength: 20, maxTotalLength: 60)
        let long = String(repeating: "x", count: 100)
        let rendered = limits.render([long, "second   question\nsplit", "third", "fourth question here", "fifth"])
        let lines = rendered.split(separator: "\n").map(String.init)
        #expect(lines.first == "- " + String(repeating: "x", count: 19) + "…")
        #expect(lines.contains("- second question spl…"))  // whitespace collapsed, then cut
        #expect(rendered.count <= 60)
        #expect(!rendered.contains("fifth"))  // newest first: the oldest entries are the ones left out
    }

    @Test func avoidListSkipsDuplicatesAndBlanks() {
        let rendered = AvoidListLimits().render(["Who?", "  ", "who?", "What?"])
        #expect(rendered == "- Who?\n- What?")
    }

    @Test func topicIsCollapsedToOneBoundedLine() {
        let topic = "Roman\n\nhistory   " + String(repeating: "y", count: 300)
        let prompt = PromptTemplates.builtIn.render(topic: topic, plan: plan, count: 5, avoid: [])
        #expect(prompt.user.contains("\"Roman history "))
        #expect(!prompt.user.contains("Roman\n"))
        #expect(!prompt.user.contains(String(repeating: "y", count: 201)))
    }

    @Test func hashIsStableFNV1aAndSensitiveToBothMessages() {
        // FNV-1a 64 reference values: "" → cbf29ce484222325, "a" → af63dc4c8601ec8c.
        var empty = FNV1a64()
        empty.combine([UInt8]())
        #expect(empty.hex == "cbf29ce484222325")
        var letter = FNV1a64()
        letter.combine("a".utf8)
        #expect(letter.hex == "af63dc4c8601ec8c")

        let prompt = Prompt(system: "s", user: "u")
        #expect(prompt.hash.count == 16)
        #expect(prompt.hash == Prompt(system: "s", user: "u").hash)
        #expect(prompt.hash != Prompt(system: "s", user: "v").hash)
        #expect(Prompt(system: "ab", user: "c").hash != Prompt(system: "a", user: "bc").hash)
        let rendered = PromptTemplates.builtIn.render(topic: "Rome", plan: plan, count: 5, avoid: [])
        #expect(rendered.hash == Prompt.hash(system: rendered.system, user: rendered.user))
    }

    @Test func unknownPlaceholderNamesFileAndPlaceholder() {
        #expect(throws: GeneratorError.unknownPlaceholder(file: "batch.txt", placeholder: "topik")) {
            try PromptTemplates(system: "ok {{topic}}", batch: "About {{ topik }}")
        }
        let error = GeneratorError.unknownPlaceholder(file: "batch.txt", placeholder: "topik")
        #expect(error.description.contains("batch.txt"))
        #expect(error.description.contains("{{topik}}"))
        #expect(error.description.contains("{{topic}}"))  // lists the known ones
    }

    @Test func malformedTemplatesAreRejected() {
        #expect(throws: GeneratorError.self) { try PromptTemplates(system: "x {{topic", batch: "y") }
        #expect(throws: GeneratorError.self) { try PromptTemplates(system: "{{#avoid_list}} open", batch: "y") }
        #expect(throws: GeneratorError.self) { try PromptTemplates(system: "{{/avoid_list}}", batch: "y") }
    }

    @Test func sectionsRenderOnlyWithAValueAndStandaloneTagLinesVanish() throws {
        let templates = try PromptTemplates(
            system: "S",
            batch: "Top {{topic}}\n{{#avoid_list}}\nAvoid:\n{{avoid_list}}\n{{/avoid_list}}\nEnd"
        )
        let without = templates.render(topic: "T", plan: plan, count: 1, avoid: [])
        #expect(without.user == "Top T\nEnd")
        let with = templates.render(topic: "T", plan: plan, count: 1, avoid: ["A?"])
        #expect(with.user == "Top T\nAvoid:\n- A?\nEnd")
    }
}
