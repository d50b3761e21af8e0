import FCCore
import FCSanitizer
import Testing

struct OutlineReaderTests {
    static let clean = #"""
        {"subtopics": [
          {"name": "Kings", "levels": [{"level": "foundational", "focus": "the seven kings"},
                                       {"level": "intermediate", "focus": "sources"}]},
          {"name": "Republic", "levels": [{"level": "foundational", "focus": "consuls"}]}
        ]}
        """#

    @Test func aCleanReplyIsReadAsSent() throws {
        let outline = try OutlineReader.readReply(Self.clean)
        #expect(outline.subtopics.map(\.name) == ["Kings", "Republic"])
        #expect(outline.subtopics[0].levels.map(\.depth) == [.foundational, .intermediate])
        #expect(outline.subtopics[0].levels[0].focus == "the seven kings")
    }

    @Test(arguments: [
        "Sure! Here is the outline:\n```json\n\(clean)\n```\nGood luck.",
        "<think>draft {\"subtopics\": []}</think>\n\(clean)",
        // Model habits: trailing commas, single quotes, aliases, level names as plain strings, odd case.
        """
        {'outline': [{'title': ' Kings ', 'levels': ['Foundational', {'depth': 'Intermediate', 'description': 'sources'},]},
                     {'title': 'Republic', 'levels': ['foundational']},],}
        """,
    ])
    func messyRepliesAreRepaired(reply: String) throws {
        let outline = try OutlineReader.readReply(reply)
        #expect(outline.subtopics.map(\.name) == ["Kings", "Republic"])
        #expect(outline.subtopics[0].levels.map(\.depth) == [.foundational, .intermediate])
    }

    @Test func unusablePartsAreDroppedAndLevelsPutInOrder() throws {
        let reply = #"""
            {"subtopics": [
              {"name": "", "levels": ["foundational"]},
              {"name": "Kings", "levels": ["expert", "beginner", "wizard", "expert"]},
              {"name": "kings", "levels": ["foundational"]},
              {"name": "Republic", "levels": []},
              {"name": "Empire", "levels": ["advanced"]}
            ]}
            """#
        let outline = try OutlineReader.readReply(reply)
        #expect(outline.subtopics.map(\.name) == ["Kings", "Empire"])
        #expect(outline.subtopics[0].levels.map(\.depth) == [.foundational, .expert])
    }

    @Test(arguments: [
        ("I cannot help with that.", "no JSON"),
        (#"{"cards": [{"question": "Q?", "answer": "A"}]}"#, "no \"subtopics\""),
        (#"{"subtopics": [{"name": "Alone", "levels": ["foundational"]}]}"#, "1 usable subtopic of 1"),
        (#"{"subtopics": [{"name": "A", "levels": ["novice"]}, {"name": "B", "levels": [7]}]}"#, "0 usable"),
    ])
    func garbageIsAProblemNeverAnOutline(reply: String, expected: String) {
        #expect {
            _ = try OutlineReader.readReply(reply)
        } throws: { error in
            (error as? OutlineProblem)?.message.contains(expected) == true
        }
    }

    @Test func aFileIsReadStrictly() throws {
        let outline = try OutlineReader.readFile(Array(Self.clean.utf8))
        #expect(outline.subtopics.count == 2)
    }

    @Test(arguments: [
        ("{\"subtopics\": [\n{\"name\": \"A\",}\n]}", "not valid JSON", "line 2"),
        (
            #"{"subtopics": [{"name": "A", "levels": [{"level": "novice", "focus": ""}]}]}"#,
            "subtopics[0].levels[0].level: \"novice\" is not one of", nil
        ),
        (#"{"subtopics": [{"name": "A", "levles": []}]}"#, "subtopics[0]: unknown key \"levles\"", nil),
        (
            #"{"subtopics": [{"name": "A", "levels": [{"level": "expert", "focus": ""}, {"level": "foundational", "focus": ""}]}]}"#,
            "subtopics[0].levels[1].level: foundational after expert", nil
        ),
        (
            #"{"subtopics": [{"name": "A", "levels": [{"level": "expert", "focus": ""}]}, {"name": "a", "levels": [{"level": "expert", "focus": ""}]}]}"#,
            "subtopics[1].name: \"a\" appears twice", nil
        ),
        (#"{"subtopics": [{"name": "A", "levels": [{"level": "expert", "focus": ""}]}]}"#, "at least 2", nil),
        (#"[{"name": "A", "levels": []}]"#, "the top level must be an object", nil),
    ])
    func aBadFileNamesWhereItIsWrong(text: String, expected: String, line: String?) {
        #expect {
            _ = try OutlineReader.readFile(Array(text.utf8))
        } throws: { error in
            let message = (error as? OutlineProblem)?.message ?? ""
            return message.contains(expected) && (line.map { message.contains($0) } ?? true)
        }
    }
}
