import FCCore

/// Two cards of a same-fact corpus: one fact asked twice, or two related facts.
package struct FactPair: Sendable, Decodable, Hashable {
    package struct Card: Sendable, Decodable, Hashable {
        package var question: String
        package var answer: String
    }

    package var first: Card
    package var second: Card
}

/// `same-fact-pairs.json`: pairs that ask one fact twice, and pairs of related but different facts.
package struct FactCorpus: Sendable, Decodable {
    package var paraphrases: [FactPair]
    package var distinct: [FactPair]

    /// Every pair: the topic each pair is checked in holds the others' cards.
    package var all: [FactPair] { paraphrases + distinct }
}

extension QualityEvaluation {
    /// Whether the wording part of the near-duplicate rule alone drops each pair's second card, against the
    /// first's question without its answer (as `--existing` lines without a tab give it).
    package func wordingOnly(_ pairs: [FactPair]) -> [Bool] {
        pairs.map { pair in
            var item = QualityCase(type: "question", question: pair.second.question, answer: pair.second.answer)
            item.existing = [pair.first.question]
            return rules(firedBy: item).contains(.nearDuplicate)
        }
    }

    /// Whether the near-duplicate rule drops each pair's second card as a rephrasing of its first, when the
    /// topic holds the first card among `background` (the other cards of the corpus: a topic holds many cards,
    /// which give the rare words their weight). A drop naming another card is reported as `other`. The cards of
    /// `background` pairs that share a question with the pair are left out: they may state the same fact.
    package func sameFact(_ pairs: [FactPair], background: [FactPair]) -> [(merged: Bool, other: String?)] {
        pairs.map { pair in
            let firstKey = DedupKey.make(pair.first.question)
            let secondKey = DedupKey.make(pair.second.question)
            let linked = [firstKey, secondKey]
            let topic =
                background.filter {
                    !linked.contains(DedupKey.make($0.first.question))
                        && !linked.contains(DedupKey.make($0.second.question))
                }.flatMap { [$0.first, $0.second] } + [pair.first]
            let cards = topic.map {
                TopicQuestionIndex.Card(key: DedupKey.make($0.question), question: $0.question, answer: $0.answer)
            }
            let index = TopicQuestionIndex(cards: cards, stopWords: sanitizer.options.quality.stopWords)
            let item = QualityCase(type: "question", question: pair.second.question, answer: pair.second.answer)
            let report = sanitizer.sanitize(
                Self.reply([item]), existingKeys: Set(cards.map(\.key)), questions: index.snapshot())
            guard let drop = report.qualityDropped.first(where: { $0.rule == .nearDuplicate }) else {
                return (false, nil)
            }
            return drop.similarTo == firstKey ? (true, nil) : (false, drop.similarTo ?? "")
        }
    }
}
