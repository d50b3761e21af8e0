import FCCore
import FCPipeline
import Testing

/// Written options read the same for `fcgen card add` and the service: the correct one by position or by answer,
/// a broken set reported before a correct one that names none of them.
struct CardChoicesInputTests {
    static let options = ["Romulus", "Remus", "Numa", "Augustus"]

    @Test func theCorrectOptionIsNamedByPositionElseByAnAnswerRepeatingIt() throws {
        #expect(try CardChoicesInput.choices(Self.options, correct: 2, answer: nil).correct == "Numa")
        #expect(try CardChoicesInput.choices(Self.options, correct: nil, answer: " remus.").correctIndex == 1)
        // A position wins over an answer: the rules then check that the answer is that option.
        #expect(try CardChoicesInput.choices(Self.options, correct: 0, answer: "Remus").correct == "Romulus")
    }

    @Test func eachProblemIsItsOwnCase() {
        #expect(throws: CardChoicesInputError.correctOutOfRange(4, count: 4)) {
            try CardChoicesInput.choices(Self.options, correct: 4, answer: nil)
        }
        #expect(throws: CardChoicesInputError.noCorrect) {
            try CardChoicesInput.choices(Self.options, correct: nil, answer: nil)
        }
        #expect(throws: CardChoicesInputError.answerNotAnOption) {
            try CardChoicesInput.choices(Self.options, correct: nil, answer: "Tarquin")
        }
        #expect(throws: CardChoicesInputError.invalid(.duplicateOption("romulus"))) {
            try CardChoicesInput.choices(["Romulus", "romulus", "Numa", "Augustus"], correct: nil, answer: "Tarquin")
        }
        #expect(throws: CardChoicesInputError.invalid(.tooFewDistractors(0))) {
            try CardChoicesInput.choices([], correct: 0, answer: nil)
        }
        #expect(throws: CardChoicesInputError.invalid(.emptyOption(position: 2))) {
            try CardChoicesInput.choices(["A", " ", "C", "D"], correct: 0, answer: nil)
        }
    }
}
