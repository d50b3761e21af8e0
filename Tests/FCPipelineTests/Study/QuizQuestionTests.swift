import FCCore
import FCPipeline
import Foundation
import Testing

/// How a quiz asks mcq and cloze cards and grades the answers.
struct QuizQuestionTests {
    private func card(_ kind: CardKind, _ question: String, _ answer: String, choices: CardChoices? = nil) -> Card {
        Card(
            id: 1, topicID: 1, batchID: nil, kind: kind, question: question, answer: answer, explanation: nil,
            origin: .manual, dedupKey: question, position: 1, createdAt: Date(timeIntervalSince1970: 0),
            choices: choices)
    }

    @Test func choiceOptionsAreShuffledBySeedAndGradedByLetterOrText() throws {
        let choices = try CardChoices.make(["Remus", "Romulus", "Numa", "Tullus"], correctIndex: 1).get()
        let mcq = card(.mcq, "Who founded Rome?", "Romulus", choices: choices)
        let question = try #require(
            QuizQuestion.questions(for: mcq, reverse: true, random: RandomSource(seed: 9)).first)
        let again = QuizQuestion.questions(for: mcq, reverse: false, random: RandomSource(seed: 9)).first
        #expect(question == again, "the same seed offers the same order, and mcq cards are never reversed")
        let options = try #require(question.options)
        let correct = try #require(question.correctOption)
        #expect(options[correct] == "Romulus")
        #expect(question.prompt == "Who founded Rome?")
        let grader = QuizGrader()
        let letter = QuizQuestion.label(correct)
        #expect(grader.grade(letter, question: question) == .correct)
        #expect(grader.grade(letter.lowercased() + ")", question: question) == .correct)
        #expect(grader.grade(QuizQuestion.label((correct + 1) % 4), question: question) == .wrong)
        #expect(grader.grade("E", question: question) == .wrong)
        #expect(grader.grade("romulus.", question: question) == .correct)
        #expect(grader.grade("Remus", question: question) == .wrong)
        #expect(grader.grade(" ", question: question) == .empty)
    }

    @Test func clozeCardsAreAskedPerNumberWithEveryDeletionOfThatNumber() throws {
        let cloze = card(.cloze, "{{c2::Remus}} and {{c1::Romulus::a king}} were {{c2::twins}}.", "unused")
        let questions = QuizQuestion.questions(for: cloze, reverse: true, random: RandomSource(seed: 1))
        #expect(questions.map(\.prompt) == ["Remus and [a king] were twins.", "[...] and Romulus were [...]."])
        #expect(questions.map(\.clozeNumber) == [1, 2])
        #expect(questions.map(\.expected) == [["Romulus"], ["Remus", "twins"]])
        let grader = QuizGrader()
        #expect(grader.grade("romulus", question: questions[0]) == .correct)
        #expect(grader.grade("Remus, twins", question: questions[1]) == .correct)
        #expect(grader.grade("remus; Twins.", question: questions[1]) == .correct)
        #expect(grader.grade("twins, Remus", question: questions[1]) == .wrong)
        #expect(grader.grade("Remus", question: questions[1]) == .wrong)
        #expect(QuizQuestion.cardVerdict([.correct, .correct]) == .correct)
        #expect(QuizQuestion.cardVerdict([.correct, .empty]) == .wrong)
        #expect(QuizQuestion.cardVerdict([.empty, .empty]) == .empty)
    }

    @Test func otherCardsAskOneSideAndExpectTheOther() {
        let plain = card(.question, "Capital of Peru?", "Lima")
        let forwards = QuizQuestion.questions(for: plain, reverse: false, random: RandomSource(seed: 1))
        let backwards = QuizQuestion.questions(for: plain, reverse: true, random: RandomSource(seed: 1))
        #expect(forwards.map(\.prompt) == ["Capital of Peru?"] && forwards.map(\.expected) == [["Lima"]])
        #expect(backwards.map(\.prompt) == ["Lima"] && backwards.map(\.expected) == [["Capital of Peru?"]])
        #expect(forwards.first?.options == nil && forwards.first?.clozeNumber == nil)
    }
}
