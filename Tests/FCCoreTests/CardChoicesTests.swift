import FCCore
import Foundation
import Testing

/// Multiple-choice options: exactly one correct, 3–4 distinct distractors, shuffled only with the injected source.
struct CardChoicesTests {
    @Test func aGoodSetKeepsItsStoredOrder() throws {
        let choices = try CardChoices.make([" Augustus ", "Nero", "Trajan", "Hadrian"], correctIndex: 0).get()
        #expect(choices.options == ["Augustus", "Nero", "Trajan", "Hadrian"])
        #expect(choices.correct == "Augustus")
        #expect(choices.distractors == ["Nero", "Trajan", "Hadrian"])
    }

    @Test func markedOptionsNeedExactlyOneCorrect() {
        let two = [("A", true), ("B", true), ("C", false), ("D", false)].map { (text: $0.0, isCorrect: $0.1) }
        #expect(throws: CardChoicesProblem.severalCorrect(2)) { try CardChoices.make(marked: two).get() }
        let none = [("A", false), ("B", false), ("C", false), ("D", false)].map { (text: $0.0, isCorrect: $0.1) }
        #expect(throws: CardChoicesProblem.noCorrect) { try CardChoices.make(marked: none).get() }
        #expect(CardChoicesProblem.severalCorrect(2).id == "mcq_several_correct")
    }

    @Test func distractorCountAndDuplicatesAreChecked() {
        #expect(throws: CardChoicesProblem.tooFewDistractors(2)) {
            try CardChoices.make(["A", "B", "C"], correctIndex: 0).get()
        }
        #expect(throws: CardChoicesProblem.tooManyDistractors(5)) {
            try CardChoices.make(["A", "B", "C", "D", "E", "F"], correctIndex: 0).get()
        }
        #expect(throws: CardChoicesProblem.duplicateOption("augustus.")) {
            try CardChoices.make(["Augustus", "Nero", "augustus.", "Hadrian"], correctIndex: 1).get()
        }
        #expect(throws: CardChoicesProblem.emptyOption(position: 3)) {
            try CardChoices.make(["A", "B", " ", "D"], correctIndex: 1).get()
        }
        #expect(throws: CardChoicesProblem.noCorrect) {
            try CardChoices.make(["A", "B", "C", "D"], correctIndex: 4).get()
        }
    }

    @Test func shufflingFollowsTheSeedAndTracksTheCorrectOption() throws {
        let choices = try CardChoices.make(["A", "B", "C", "D", "E"], correctIndex: 2).get()
        let first = choices.shuffled(using: RandomSource(seed: 7))
        let again = choices.shuffled(using: RandomSource(seed: 7))
        #expect(first.options == again.options)
        #expect(first.options[first.correctIndex] == "C")
        #expect(Set(first.options) == Set(choices.options))
        let orders = Set((0..<20).map { choices.shuffled(using: RandomSource(seed: UInt64($0))).options })
        #expect(orders.count > 1)
    }

    @Test func draftsCarryChoicesOnlyWhenTheyHaveThem() throws {
        let choices = try CardChoices.make(["Augustus", "Nero", "Trajan", "Hadrian"], correctIndex: 0).get()
        let draft = CardDraft(
            kind: .mcq, question: "Who was the first emperor?", answer: "Augustus", origin: .generated,
            choices: choices)
        let json = try JSONEncoder().encode(draft)
        #expect(try JSONDecoder().decode(CardDraft.self, from: json) == draft)
        #expect(String(decoding: json, as: UTF8.self).contains(#""correctIndex":0"#))
        let bad =
            #"{"kind":"mcq","question":"Q","answer":"A","origin":"generated","#
            + #""choices":{"options":["A","A","B","C"],"correctIndex":0}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CardDraft.self, from: Data(bad.utf8)) }
    }
}
