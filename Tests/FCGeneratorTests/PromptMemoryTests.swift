import FCCore
import FCGenerator
import Testing

struct PromptMemoryTests {
    @Test func theNearestQuestionsComeFirstAndTiesGoToTheNewest() {
        var memory = PromptMemory(questions: [
            "Which battle ended the Second Punic War?",  // newest of the stored ones
            "Who was the first emperor of Rome?",
            "What did the Senate of the Republic decide in 509 BC?",
        ])
        memory.add(["When did Hannibal cross the Alps in the Second Punic War?", "What is an aqueduct?"])
        let nearest = memory.nearest(to: "Second Punic War Hannibal's campaign", limit: 2)
        #expect(
            nearest == [
                "When did Hannibal cross the Alps in the Second Punic War?", "Which battle ended the Second Punic War?",
            ])
        // Nothing in common: the newest.
        #expect(
            memory.nearest(to: "zzz", limit: 2) == [
                "What is an aqueduct?", "When did Hannibal cross the Alps in the Second Punic War?",
            ])
    }

    @Test func accentsAndCaseDoNotMatter() {
        let memory = PromptMemory(questions: ["Qu'est-ce que « le café » ?", "What is bread?"])
        #expect(memory.nearest(to: "CAFE", limit: 1) == ["Qu'est-ce que « le café » ?"])
    }

    /// ASCII questions are split byte by byte; an em dash (not ASCII, not a word character) sends the same words
    /// through Foundation's folding, so both ways must give the same shingles.
    @Test(arguments: [
        "Who was Rome's FIRST emperor, in 27 BC?", "HTTP 404 vs 500:\r\nwhat_differs?", "a an the AND ox-cart x86_64",
        "", "   ", "Tab\tseparated\u{7F}words and 3.14159 pi",
    ])
    func asciiTextGivesTheShinglesFoldingGives(question: String) {
        #expect(PromptMemory.shingles(question) == PromptMemory.shingles(question + " \u{2014}"))
    }

    @Test func thePoolIsBoundedAndSkipsRepeats() {
        var memory = PromptMemory(capacity: 3)
        memory.add(["Q1?", "Q2?", "q2?", "Q3?", "Q4?"])
        #expect(memory.count == 3)
        #expect(memory.nearest(to: "", limit: 10) == ["Q4?", "Q3?", "Q2?"])
        memory.add(["Q1?"])  // forgotten, so it may come back
        #expect(memory.nearest(to: "", limit: 1) == ["Q1?"])
    }

    @Test func theBatchPromptCarriesFocusCoverageLanguageAndDirections() throws {
        let plan = BatchPlan(number: 4, aspect: "Verbs", depth: .intermediate, step: 4)
        let context = BatchContext(
            focus: "the passé composé",
            covered: [("Greetings", [.foundational, .intermediate]), ("Verbs", [.foundational])],
            language: try #require(LanguageTag("cs")))
        let prompt = PromptTemplates.builtIn.render(
            topic: "Czech-English vocabulary", plan: plan, count: 10, avoid: ["Jak se máš?"], context: context)
        #expect(
            prompt.user.contains(
                "Focus on this angle of \"Czech-English vocabulary\": Verbs.\nWithin it, ask about: the passé composé.")
        )
        #expect(prompt.user.contains("- Greetings: foundational, intermediate\n- Verbs: foundational"))
        #expect(prompt.user.contains("in Czech (cs), whatever the language of the topic's name"))
        #expect(
            prompt.user.contains("This is a vocabulary deck between Czech and English: make cards in both directions."))
        #expect(prompt.user.contains("- Jak se máš?"))
    }

    @Test func withoutContextTheSectionsLeaveNoTrace() {
        let prompt = PromptTemplates.builtIn.render(
            topic: "Roman history", plan: BatchPlanner.plan(number: 1), count: 10, avoid: [])
        for absent in ["Within it", "Write every card", "vocabulary deck", "Already covered", "\n\n\n"] {
            #expect(!prompt.user.contains(absent))
        }
    }

    @Test(arguments: [
        ("German ↔ English words", "between German and English"), ("Deutsch Englisch", "between German and English"),
        ("Czech for English speakers", "between Czech and English"), ("Roman history", nil), ("French basics", nil),
    ])
    func vocabularyTopicsInTwoLanguagesAreDetected(topic: String, expected: String?) {
        let directions = LanguageInstruction.directions(topic: topic)
        if let expected {
            #expect(directions?.contains(expected) == true)
        } else {
            #expect(directions == nil)
        }
    }
}
