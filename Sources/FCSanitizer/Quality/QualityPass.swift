import FCCore

/// Runs the quality rules over one batch's cards in order, after validation and exact dedup: flags, fixes or
/// drops each card as ``QualityRules/actions`` says, and counts what it did per rule.
///
/// Near-duplicates are looked up among the batch's earlier kept cards and the topic's existing question keys; the
/// index over the keys is built on the first card, so a reply with no valid card costs nothing.
struct QualityPass {
    let rules: QualityRules
    private let checker: QualityChecker
    private let existingKeys: Set<String>
    /// The longest question a long list made a cloze card may have (it adds its answer to the question); `nil`
    /// when cloze cards are off (``SanitizerOptions/structuredKinds``) and long lists are only flagged.
    private let clozeQuestionMax: Int?
    private var index: NearDuplicateIndex?
    private(set) var tallies: [QualityRuleID: QualityTally] = [:]
    private(set) var drops: [QualityDrop] = []

    init(checker: QualityChecker, existingKeys: Set<String>, clozeQuestionMax: Int? = nil) {
        self.rules = checker.rules
        self.clozeQuestionMax = clozeQuestionMax
        self.checker = checker
        self.existingKeys = existingKeys
    }

    /// The card to keep, flagged and perhaps fixed, or `nil` when a rule dropped it.
    mutating func review(_ draft: CardDraft) -> CardDraft? {
        guard !rules.actions.isEmpty else { return draft }
        var card = draft
        let question = QualityWords(card.question)
        let answer = QualityWords(card.answer)
        let questionContent = question.contentWords(stopWords: checker.stopWords)
        var found = checker.findings(card, question: question, answer: answer, questionContent: questionContent)

        var similar: String?
        var shingles: Shingles?
        if checker.action(.nearDuplicate) != nil {
            let current = Shingles(questionContent, numbers: question.numbers)
            similar = nearDuplicateIndex().match(current, threshold: rules.nearDuplicateThreshold)
            if similar != nil { found.append(.nearDuplicate) }
            shingles = current
        }

        if let rule = found.first(where: { checker.action($0) == .dropped }) {
            card.flags = draft.flags + found.map(\.rawValue)
            tallies[rule, default: QualityTally()].count(.dropped)
            drops.append(QualityDrop(rule: rule, card: card, similarTo: rule == .nearDuplicate ? similar : nil))
            return nil
        }
        for rule in found {
            let fixed: Bool
            switch (checker.action(rule), rule) {
            case (.fixed, .yesNoQuestion): fixed = checker.fixYesNo(&card)
            case (.fixed, .longList):
                fixed = clozeQuestionMax.map { checker.fixLongList(&card, questionMax: $0) } ?? false
            default: fixed = false
            }
            tallies[rule, default: QualityTally()].count(fixed ? .fixed : .kept)
        }
        card.flags = draft.flags + found.map(\.rawValue)
        if let shingles { index?.insert(shingles, text: card.question) }
        return card
    }

    /// The index of earlier questions, seeded with the topic's keys on first use.
    private mutating func nearDuplicateIndex() -> NearDuplicateIndex {
        if let index { return index }
        var seeded = NearDuplicateIndex()
        for key in existingKeys.sorted() {
            let words = QualityWords(key)
            seeded.insert(
                Shingles(words.contentWords(stopWords: checker.stopWords), numbers: words.numbers), text: key)
        }
        index = seeded
        return seeded
    }
}
