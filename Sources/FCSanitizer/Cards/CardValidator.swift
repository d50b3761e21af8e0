import FCCore

/// Turns the fields of one card object into a card, or says why it is dropped.
///
/// Checks, in order: a question (`missing_question`) and an answer (`missing_answer`), trimmed and non-empty;
/// no refusal in either (`refusal`); no placeholder in either (`placeholder`); no piece of the reply's JSON in either
/// (`json_fragment`: a field's key such as `"answer":`, or a lone brace); the length caps of
/// ``FCCore/CardLimits`` in characters (`too_long`); a blank in a fill-in question (`blank_missing`).
/// On the way it settles the kind: the `type` field if there is one, else `definition` for `term`/`definition`
/// keys, `fillblank` for a question with a blank, `truefalse` for a bare "True"/"False" answer, else `question`.
/// True/false answers become exactly "True" or "False"; the rest of such an answer moves to the explanation. A
/// card that fails its kind's own requirement (a true/false answer that is no truth value, a fill-in without a
/// blank, a cloze without a deletion, a multiple-choice card without a correct option) but has a usable question
/// and answer is kept as a `question` card flagged `salvaged:<requirement>` (``salvage(_:failed:)``). A placeholder explanation is dropped,
/// not the card. Cloze and multiple-choice cards take their own path (see `CardValidator+Kinds.swift`): a card
/// with `{{c1::…}}` text is a cloze card, one with options or distractors a multiple-choice card.
struct CardValidator {
    /// A card that passed every check.
    struct ValidCard {
        var kind: CardKind
        var question: String
        var answer: String
        var explanation: String?
        var choices: CardChoices? = nil
        /// Why the card is not of the kind it was sent as (``salvageFlagPrefix`` and the failed requirement).
        var flags: [String] = []
    }

    /// The flag of a card kept as a plain question card because its kind's own requirements failed, followed by
    /// the requirement (`salvaged:mcq_no_correct`, `salvaged:blank_missing`, `salvaged:not_true_or_false`).
    static let salvageFlagPrefix = "salvaged:"

    enum Verdict {
        case keep(ValidCard)
        case drop(DropReason)
    }

    let limits: CardLimits
    /// See ``SanitizerOptions/structuredKinds``.
    var structuredKinds = false

    func check(_ fields: CardFields) -> Verdict {
        var typed = fields.typeName.map(CardKindReader.kind(named:))
        if structuredKinds {
            let clozeText = fields.clozeText ?? fields.question.flatMap { ClozeText.looksLikeCloze($0) ? $0 : nil }
            if typed != .mcq, let clozeText { return checkCloze(clozeText, fields) }
            if typed == .mcq || ChoiceReader.hasChoices(fields) { return checkChoice(fields) }
        } else if typed == .cloze {
            typed = .fillblank
        } else if typed == .mcq {
            typed = .question
        }
        guard let question = fields.question else { return .drop(.missingQuestion) }
        guard var answer = fields.answer else { return .drop(.missingAnswer) }
        if ContentChecks.isRefusal(question) || ContentChecks.isRefusal(answer) { return .drop(.refusal) }
        if ContentChecks.isPlaceholder(question) || ContentChecks.isPlaceholder(answer) { return .drop(.placeholder) }
        if ContentChecks.isJSONFragment(question) || ContentChecks.isJSONFragment(answer) {
            return .drop(.jsonFragment)
        }
        var explanation = fields.explanation.flatMap { ContentChecks.isPlaceholder($0) ? nil : $0 }

        if Self.isTruthForOpenQuestion(question, answer) { return .drop(.truthForOpenQuestion) }

        var kind = typed ?? Self.inferredKind(fields, question, answer)
        if kind == .cloze {
            // A "cloze" written with a blank: one blank and its answer make a real deletion; more blanks stay the
            // older fill-in kind, no blank at all has nothing to hide.
            if let text = ClozeRepair.fromBlank(question, answer: answer) { return checkCloze(text, fields) }
            guard ContentChecks.hasBlank(question) else { return salvage(fields, failed: DropReason.clozeInvalid) }
            kind = .fillblank
        }
        var flags: [String] = []
        if kind == .truefalse {
            if let truth = CardKindReader.truthValue(of: answer) {
                answer = truth.value
                if !truth.remainder.isEmpty {
                    explanation = explanation.map { truth.remainder + "\n\n" + $0 } ?? truth.remainder
                }
            } else {
                kind = .question
                flags = [Self.salvageFlagPrefix + "not_true_or_false"]
            }
        }

        if Self.exceeds(question, limits.questionMax) || Self.exceeds(answer, limits.answerMax)
            || Self.exceeds(explanation, limits.explanationMax)
        {
            return .drop(.tooLong)
        }
        if kind == .fillblank && !ContentChecks.hasBlank(question) {
            return salvage(fields, failed: DropReason.blankMissing)
        }
        return .keep(ValidCard(kind: kind, question: question, answer: answer, explanation: explanation, flags: flags))
    }

    /// A card that failed its kind's own requirement (`failed`: no deletion, no blank, no correct option, …) but
    /// has a usable question and answer: kept as a plain question card, flagged with the requirement
    /// (``salvageFlagPrefix``), so a good question is not lost to a wrong `type`. Without a question and an answer
    /// (a cloze text alone, options without an answer) it is dropped for `failed`; a salvaged card still meets
    /// every other check (refusals, placeholders, length caps).
    func salvage(_ fields: CardFields, failed: DropReason) -> Verdict {
        guard let question = fields.question, fields.answer != nil, !ClozeText.looksLikeCloze(question) else {
            return .drop(failed)
        }
        var plain = fields
        plain.typeName = CardKind.question.rawValue
        // Without structured kinds: options still in the fields would otherwise send it back down the mcq path.
        switch CardValidator(limits: limits).check(plain) {
        case .keep(var card):
            card.kind = .question
            card.flags = [Self.salvageFlagPrefix + failed.rawValue]
            return .keep(card)
        case .drop(let reason):
            return .drop(reason)
        }
    }

    private static func inferredKind(_ fields: CardFields, _ question: String, _ answer: String) -> CardKind {
        if fields.questionKey.map(FieldAliases.normalized) == "term"
            || fields.answerKey.map(FieldAliases.normalized) == "definition"
        {
            return .definition
        }
        if ContentChecks.hasBlank(question) { return .fillblank }
        if let truth = CardKindReader.truthValue(of: answer), truth.remainder.isEmpty,
            FieldAliases.normalized(answer) == truth.value.lowercased()
        {
            return .truefalse
        }
        return .question
    }

    /// Whether `answer` is a bare "True" or "False" and `question` opens with how, why, where, when, who, whom or
    /// whose (after a label such as `[B]`): "How can I make a cake? — True" judges no claim. "What does
    /// `3 in [1, 2, 3]` return? — True" is a fair card, so `what` and `which` do not count.
    static func isTruthForOpenQuestion(_ question: String, _ answer: String) -> Bool {
        let truth = FieldAliases.normalized(answer)
        guard truth == "true" || truth == "false" else { return false }
        var words = question.split(whereSeparator: { !$0.isLetter }).prefix(2).map { $0.lowercased() }
        // A label the model put before the question: "[B] How …", "A) Why …".
        if words.count == 2, words[0].count == 1, question.first?.isLetter == false || question.dropFirst().first == ")"
        {
            words.removeFirst()
        }
        return words.first.map(openQuestionWords.contains) ?? false
    }

    private static let openQuestionWords: Set<String> = ["how", "why", "where", "when", "who", "whom", "whose"]

    /// Whether `text` has more than `limit` characters; counts characters only when the byte count allows it.
    static func exceeds(_ text: String?, _ limit: Int) -> Bool {
        guard let text, text.utf8.count > limit else { return false }
        return text.count > limit
    }
}
