public import FCCore
import Foundation

/// One question a quiz asks about a card, and what a right answer gives.
///
/// Most cards are one question: the question (or, reversed, the answer) with the other side expected. An `mcq`
/// card is its question with the options in a shuffled order (``options``, ``correctOption``). A stored `cloze` card
/// is one question, about the deletion number it asks (each number is a card of its own, a sibling): that number's
/// deletions hidden, the others shown, and the hidden text(s) expected; a cloze card with no number (not stored) is
/// one question per deletion number, in ascending order. Cloze and mcq cards are always asked forwards.
///
/// ```swift
/// // a cloze card "{{c1::Romulus}} founded Rome in {{c2::753 BC}}."
/// QuizQuestion.questions(for: card, reverse: false, random: random).map(\.prompt)
/// // ["[...] founded Rome in 753 BC.", "Romulus founded Rome in [...]."]
/// ```
public struct QuizQuestion: Sendable, Hashable {
    /// What is asked (an mcq card's options are in ``options``, not here).
    public var prompt: String
    /// An mcq card's options in the order they are offered; `nil` for other kinds.
    public var options: [String]?
    /// The position of the correct option in ``options``.
    public var correctOption: Int?
    /// The texts a right answer gives: one, or several when a cloze number hides several deletions.
    public var expected: [String]
    /// The cloze deletion number asked; `nil` for other kinds.
    public var clozeNumber: Int?

    /// What was expected, as one text (several cloze deletions joined with ", ").
    public var expectedText: String { expected.joined(separator: ", ") }

    /// The label of the option at `index`: "A", "B", ….
    public static func label(_ index: Int) -> String {
        String(UnicodeScalar(UInt8(ascii: "A") + UInt8(clamping: index)))
    }

    /// The questions of `card`, in the order they are asked; an mcq card's options shuffled with `random`.
    public static func questions(for card: Card, reverse: Bool, random: RandomSource) -> [QuizQuestion] {
        if card.kind == .mcq, let choices = card.choices {
            let shown = choices.shuffled(using: random)
            return [
                QuizQuestion(
                    prompt: card.question, options: shown.options, correctOption: shown.correctIndex,
                    expected: [choices.correct], clozeNumber: nil)
            ]
        }
        if card.kind == .cloze, case .success(let cloze) = ClozeText.parse(card.question) {
            let asked = card.clozeNumber.map { cloze.numbers.contains($0) ? [$0] : cloze.numbers } ?? cloze.numbers
            return asked.map { number in
                QuizQuestion(
                    prompt: cloze.question(hiding: number), options: nil, correctOption: nil,
                    expected: cloze.answers(for: number), clozeNumber: number)
            }
        }
        return [
            QuizQuestion(
                prompt: reverse ? card.answer : card.question, options: nil, correctOption: nil,
                expected: [reverse ? card.question : card.answer], clozeNumber: nil)
        ]
    }

    /// The questions session `sessionID` asks about `card`: the same each time (the option order seeded by session
    /// and card, as ``CardFaces/seed(sessionID:cardID:)``), so a stateless client gets what it was shown graded.
    public static func questions(for card: Card, sessionID: Int64) -> [QuizQuestion] {
        questions(
            for: card, reverse: false, random: RandomSource(seed: CardFaces.seed(sessionID: sessionID, cardID: card.id))
        )
    }

    /// The verdict on a card from the verdicts on its questions: right when every one is, empty when every one is.
    public static func cardVerdict(_ verdicts: [QuizVerdict]) -> QuizVerdict {
        if verdicts.allSatisfy({ $0 == .correct }) { return .correct }
        if verdicts.allSatisfy({ $0 == .empty }) { return .empty }
        return .wrong
    }
}

extension QuizGrader {
    /// Grades `typed` against `question`.
    ///
    /// An mcq answer is an option's letter ("b", "B)") or its text (compared as typed answers are); any other
    /// text is wrong. A cloze number hiding several deletions takes them in order, separated by commas or
    /// semicolons.
    public func grade(_ typed: String, question: QuizQuestion) -> QuizVerdict {
        if normalized(typed).isEmpty { return .empty }
        if let options = question.options, let correct = question.correctOption {
            guard let chosen = option(typed, among: options) else { return .wrong }
            return chosen == correct ? .correct : .wrong
        }
        if question.expected.count > 1 {
            if grade(typed, expected: question.expectedText) == .correct { return .correct }
            let parts = typed.split(whereSeparator: { $0 == "," || $0 == ";" }).map(String.init)
            guard parts.count == question.expected.count else { return .wrong }
            let right = zip(parts, question.expected).allSatisfy { grade($0, expected: $1) == .correct }
            return right ? .correct : .wrong
        }
        return grade(typed, expected: question.expected.first ?? "")
    }

    /// The position of the option `typed` names: its letter (with an optional ")" or "."), else its text.
    public func option(_ typed: String, among options: [String]) -> Int? {
        var letter = Substring(typed.trimmingCharacters(in: .whitespaces))
        if letter.hasSuffix(")") || letter.hasSuffix(".") { letter = letter.dropLast() }
        if letter.count == 1,
            let index = options.indices.first(where: {
                QuizQuestion.label($0).caseInsensitiveCompare(letter) == .orderedSame
            })
        {
            return index
        }
        let answer = normalized(typed)
        return options.firstIndex { normalized($0) == answer }
    }
}
