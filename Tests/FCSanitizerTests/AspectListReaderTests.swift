import FCCore
import FCSanitizer
import Testing

/// The plain list of subtopics a small model sends when its JSON outline is unusable. The replies are SmolLM2-135M-
/// Instruct's own (llama.cpp's server, 2026-11-30), as recorded by the live benchmark.
struct AspectListReaderTests {
    @Test func aHeadingBeforeTheListIsNoSubtopic() throws {
        let reply = """
            Roman History:
            1. Roman Empire
            2. Rome's Legacy
            3. Roman Civilizations
            4. Roman Economy
            5. Roman Legions
            """
        let outline = try AspectListReader.read(reply, topic: "Roman history")
        #expect(
            outline.subtopics.map(\.name) == [
                "Roman Empire", "Rome's Legacy", "Roman Civilizations", "Roman Economy", "Roman Legions",
            ])
        #expect(outline.subtopics.allSatisfy { $0.levels.map(\.depth) == DepthLevel.allCases })
        #expect(outline.steps.count == 20)
    }

    @Test func aDescriptionAfterTheNameIsCutOff() throws {
        let reply = """
            1. Photosynthesis: A process that occurs in plants, algae, and some bacteria to convert light energy.
            2. Carbon dioxide (CO2) - a byproduct of photosynthesis which is used as the raw material for glucose.
            3. **Chlorophyll**: A pigment that plays a crucial role in capturing light.
            4) "Light reactions"
            - The Calvin cycle.
            """
        let outline = try AspectListReader.read(reply, topic: "Photosynthesis")
        // The first item only repeats the topic.
        #expect(
            outline.subtopics.map(\.name) == [
                "Carbon dioxide (CO2)", "Chlorophyll", "Light reactions", "The Calvin cycle",
            ])
    }

    @Test func repeatsSentencesAndNonItemsAreSkipped() throws {
        let reply = """
            Here are the subtopics:
            1. Present tense
            2. present  tense
            3. This item is a whole sentence that goes on and on about verbs and their many forms in Spanish today
            **Bold line without a marker**
            4. Past tense
            I hope this helps!
            """
        let outline = try AspectListReader.read(reply, topic: "Spanish verbs")
        #expect(outline.subtopics.map(\.name) == ["Present tense", "Past tense"])
    }

    @Test(arguments: [
        "",
        #"{"subtopics":[]} "#,
        "Roman history is a vast subject.\nIt spans a thousand years.",
        "1. Roman history\n2. Only one",
    ])
    func tooLittleIsAProblem(reply: String) {
        #expect(throws: OutlineProblem.self) { try AspectListReader.read(reply, topic: "Roman history") }
    }

    @Test func atMostSixteenSubtopicsAreKept() throws {
        let reply = (1...20).map { "\($0). Part \($0)" }.joined(separator: "\n")
        let outline = try AspectListReader.read(reply, topic: "Anything")
        #expect(outline.subtopics.count == TopicOutline.Limits.subtopics.upperBound)
    }
}
