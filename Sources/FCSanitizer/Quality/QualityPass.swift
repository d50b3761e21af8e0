import FCCore

/// Runs the quality rules over one batch's cards in order, after validation and exact dedup: flags, fixes or
/// drops each card as ``QualityRules/actions`` says, and counts what it did per rule.
///
/// Near-duplicates are looked up among the topic's existing questions, then among the batch's earlier kept cards.
/// The topic's come from a ``TopicQuestionIndex`` snapshot when the caller keeps one; otherwise they are indexed
/// from the existing keys on the first card, so a reply with no valid card costs nothing.
struct QualityPass {
    let rules: QualityRules
    private let checker: QualityChecker
    private let existingKeys: Set<String>
    /// The caller's index of the topic's questions, when it was made with the checker's stop words.
    private let topicIndex: TopicQuestionIndex.Snapshot?
    /// The longest question a long list made a cloze card may have (it adds its answer to the question); `nil`
    /// when cloze cards are off (``SanitizerOptions/structuredKinds``) and long lists are only flagged.
    private let clozeQuestionMax: Int?
    /// The topic's questions indexed here, without `topicIndex`; built on first use.
    private var localIndex: ShinglePostings?
    private var batch = NearDuplicateIndex()
    /// The batch's kept cards for the same-fact rule, by question.
    private var batchFacts = FactIndex(scansLinearly: true)
    private(set) var tallies: [QualityRuleID: QualityTally] = [:]
    private(set) var drops: [QualityDrop] = []

    init(
        checker: QualityChecker, existingKeys: Set<String>, topicIndex: TopicQuestionIndex.Snapshot? = nil,
        clozeQuestionMax: Int? = nil
    ) {
        self.rules = checker.rules
        self.clozeQuestionMax = clozeQuestionMax
        self.checker = checker
        self.existingKeys = existingKeys
        self.topicIndex = topicIndex.flatMap { $0.index.stopWordTable == checker.rules.stopWords ? $0 : nil }
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
        var fact: FactSignature?
        if checker.action(.nearDuplicate) != nil {
            let current = Shingles(questionContent, numbers: question.numbers)
            let currentFact = FactSignature(question: card.question, answer: card.answer, stopWords: rules.stopWords)
            similar = nearDuplicate(of: current, fact: currentFact)
            if similar != nil { found.append(.nearDuplicate) }
            shingles = current
            fact = currentFact
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
        if let shingles { batch.insert(shingles, text: card.question) }
        if let fact { batchFacts.insert(fact, as: card.question) }
        return card
    }

    /// The question the card is a near-duplicate of: by wording (`shingles`), the topic's most similar (the first
    /// in key order of equals) unless an earlier card of the batch is more similar still, and not when both
    /// answers are short and disagree (two facts asked alike: "…turns into liquid?" and "…turns into vapour?");
    /// else the card that states the same fact (`fact`), the topic's or an earlier one of the batch.
    private mutating func nearDuplicate(of shingles: Shingles, fact: FactSignature) -> String? {
        if let worded = wordedDuplicate(of: shingles), !answersDiffer(fact, from: worded) { return worded }
        // The topic's questions weigh the letter triples; the batch's few add no counts (see `FactIndex.insert`).
        let triples = topicIndex?.triples ?? TripleCounts()
        let weights = { (triple: Int) in
            TripleCounts.weight(questions: triples.questions, holding: triples.count(triple))
        }
        let threshold = rules.sameFactThreshold
        let inTopic = topicIndex?.sameFact(fact, threshold: threshold, weights: weights)
        let inBatch = batchFacts.match(
            fact, threshold: threshold, among: batchFacts.count, stopWords: rules.stopWords, weights: weights)
        if let inBatch, inBatch.similarity > inTopic?.similarity ?? 0 { return inBatch.text }
        return inTopic?.text
    }

    /// Whether the card `text` names (the topic's key or the batch's question) has a short answer that disagrees
    /// with `fact`'s short answer.
    private func answersDiffer(_ fact: FactSignature, from text: String) -> Bool {
        guard let other = batchFacts.card(text, among: batchFacts.count) ?? topicIndex?.card(text) else {
            return false
        }
        let short = 3
        guard !fact.answer.isEmpty, !other.answer.isEmpty, fact.answer.count <= short, other.answer.count <= short
        else { return false }
        return !fact.answerAgrees(with: other)
    }

    private mutating func wordedDuplicate(of shingles: Shingles) -> String? {
        let threshold = rules.nearDuplicateThreshold
        let inTopic: NearDuplicateMatch?
        if let topicIndex {
            inTopic = topicIndex.match(shingles, threshold: threshold)
        } else {
            if localIndex == nil {
                var seeded = ShinglePostings()
                for key in existingKeys {
                    seeded.insert(key, shingles: TopicQuestionIndex.shingles(of: key, stopWords: checker.stopWords))
                }
                localIndex = seeded
            }
            inTopic = localIndex?.match(shingles, threshold: threshold, among: .max)
        }
        return batch.match(shingles, threshold: threshold, after: inTopic)?.text
    }
}
