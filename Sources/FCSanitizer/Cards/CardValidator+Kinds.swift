import FCCore

extension CardValidator {
    /// A cloze card: `text` must parse as ``FCCore/ClozeText`` (`cloze_invalid` otherwise); the question is the text,
    /// the answer the text with every deletion shown. A separate `answer` field the model wrote is not needed.
    func checkCloze(_ text: String, _ fields: CardFields) -> Verdict {
        if ContentChecks.isRefusal(text) { return .drop(.refusal) }
        if ContentChecks.isPlaceholder(text) { return .drop(.placeholder) }
        guard case .success(let cloze) = ClozeText.parse(text) else { return salvage(fields, failed: .clozeInvalid) }
        // After the parse: an unclosed deletion is `cloze_invalid`, not a stray brace.
        if ContentChecks.isJSONFragment(text) { return .drop(.jsonFragment) }
        let answer = cloze.revealed
        let explanation = fields.explanation.flatMap { ContentChecks.isPlaceholder($0) ? nil : $0 }
        if Self.exceeds(text, limits.questionMax) || Self.exceeds(answer, limits.answerMax)
            || Self.exceeds(explanation, limits.explanationMax)
        {
            return .drop(.tooLong)
        }
        return .keep(ValidCard(kind: .cloze, question: text, answer: answer, explanation: explanation))
    }

    /// A multiple-choice card: a question, and options with exactly one correct and 3–4 distinct distractors (see
    /// `ChoiceReader`); the answer becomes the correct option's text.
    func checkChoice(_ fields: CardFields) -> Verdict {
        guard let question = fields.question else { return .drop(.missingQuestion) }
        if ContentChecks.isRefusal(question) || fields.answer.map(ContentChecks.isRefusal) == true {
            return .drop(.refusal)
        }
        if ContentChecks.isPlaceholder(question) { return .drop(.placeholder) }
        if ContentChecks.isJSONFragment(question) { return .drop(.jsonFragment) }
        let choices: CardChoices
        switch ChoiceReader.read(fields, answer: fields.answer) {
        case .success(let read): choices = read
        case .failure(let problem): return salvage(fields, failed: Self.dropReason(problem))
        }
        if choices.options.contains(where: ContentChecks.isPlaceholder) { return .drop(.placeholder) }
        if choices.options.contains(where: ContentChecks.isJSONFragment) { return .drop(.jsonFragment) }
        let explanation = fields.explanation.flatMap { ContentChecks.isPlaceholder($0) ? nil : $0 }
        if Self.exceeds(question, limits.questionMax) || Self.exceeds(explanation, limits.explanationMax) {
            return .drop(.tooLong)
        }
        return .keep(
            ValidCard(
                kind: .mcq, question: question, answer: choices.correct, explanation: explanation, choices: choices))
    }

    static func dropReason(_ problem: CardChoicesProblem) -> DropReason {
        switch problem {
        case .noCorrect: .mcqNoCorrect
        case .severalCorrect: .mcqSeveralCorrect
        case .tooFewDistractors, .tooManyDistractors: .mcqDistractors
        case .duplicateOption: .mcqDuplicateOption
        case .emptyOption, .optionTooLong: .mcqBadOption
        }
    }
}
