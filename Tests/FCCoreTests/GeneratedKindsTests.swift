import FCCore
import Foundation
import Testing

/// `--kinds` / `card_kinds`: which card kinds a generation run asks the model for.
struct GeneratedKindsTests {
    @Test func aListIsReadInTheOrderPromptsUseWhateverOrderItWasWrittenIn() throws {
        let kinds = try GeneratedKinds.parse(" mcq, Question ,cloze,mcq").get()
        #expect(kinds.kinds == [.question, .cloze, .mcq])
        #expect(kinds.description == "question,cloze,mcq")
        #expect(kinds.includesStructured)
        #expect(!GeneratedKinds.standard.includesStructured)
        #expect(GeneratedKinds.standard.description == "question,definition,truefalse,fillblank")
        #expect(try GeneratedKinds.parse("cloze").get().kinds == [.cloze])
    }

    @Test func emptyEntriesAndKindsAModelIsNotAskedForAreRefusedByName() {
        #expect(GeneratedKinds.parse("") == .failure(.emptyEntry))
        #expect(GeneratedKinds.parse("question,,mcq") == .failure(.emptyEntry))
        #expect(GeneratedKinds.parse("question,math") == .failure(.unknown("math")))
        #expect(GeneratedKinds.parse("image") == .failure(.unknown("image")))
        #expect(GeneratedKinds.parse("quiz") == .failure(.unknown("quiz")))
        #expect(
            GeneratedKindsProblem.unknown("quiz").description
                == "\"quiz\" is not a kind generation makes: expected question, definition, truefalse, fillblank, "
                + "cloze, mcq")
    }

    @Test func itTravelsAsAListOfNames() throws {
        let kinds = try GeneratedKinds.parse("question,mcq").get()
        let json = String(decoding: try JSONEncoder().encode(kinds), as: UTF8.self)
        #expect(json == #"["question","mcq"]"#)
        #expect(try JSONDecoder().decode(GeneratedKinds.self, from: Data(json.utf8)) == kinds)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(GeneratedKinds.self, from: Data(#"["question","image"]"#.utf8))
        }
    }
}
