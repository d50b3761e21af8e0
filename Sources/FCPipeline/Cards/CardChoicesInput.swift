public import FCCore

/// The options of an mcq card as a person writes them, by `fcgen card add` or the service's card routes: the texts
/// in the order shown, and which one is correct — by its position, else by an answer that repeats it.
///
/// ```swift
/// let choices = try CardChoicesInput.choices(["Romulus", "Remus", "Numa", "Augustus"], correct: 0, answer: nil)
/// choices.correct  // "Romulus"
/// ```
public enum CardChoicesInput {
    /// The checked options, the correct one being at `correct` (from 0) or, without it, the one `answer` repeats
    /// (compared as ``FCCore/DedupKey`` compares: case, spacing and punctuation aside).
    ///
    /// - Throws: the reason the options are no multiple-choice card, for the caller to phrase with its own names:
    ///   a broken set of options before a correct position or answer that names none of them.
    public static func choices(_ options: [String], correct: Int?, answer: String?) throws(CardChoicesInputError)
        -> CardChoices
    {
        // The options first: a broken set is the problem to fix, whichever option was meant to be correct.
        if case .failure(let problem) = CardChoices.make(options, correctIndex: 0) {
            throw .invalid(options.isEmpty ? .tooFewDistractors(0) : problem)
        }
        let index: Int
        if let correct {
            guard options.indices.contains(correct) else {
                throw .correctOutOfRange(correct, count: options.count)
            }
            index = correct
        } else if let answer, let found = options.firstIndex(where: { DedupKey.make($0) == DedupKey.make(answer) }) {
            index = found
        } else {
            throw answer == nil ? .noCorrect : .answerNotAnOption
        }
        switch CardChoices.make(options, correctIndex: index) {
        case .success(let choices): return choices
        case .failure(let problem): throw .invalid(problem)
        }
    }
}

/// Why written options are no multiple-choice card (see ``CardChoicesInput``).
public enum CardChoicesInputError: Error, Sendable, Hashable {
    /// The correct position (from 0) is not one of the `count` options.
    case correctOutOfRange(Int, count: Int)
    /// Neither a correct position nor an answer says which option is correct.
    case noCorrect
    /// The answer, given to say which option is correct, is none of them.
    case answerNotAnOption
    /// The options themselves break a rule (too few, twice the same, empty, too long).
    case invalid(CardChoicesProblem)
}
