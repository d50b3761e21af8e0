import FCCore

/// One labelled card of a quality corpus: a bad card names the rule it breaks, a good card names none.
///
/// `existing` are questions the topic already has (near-duplicates against the topic); `before` are cards sent
/// earlier in the same reply (near-duplicates within the batch).
package struct QualityCase: Sendable, Decodable, Hashable {
    package var rule: QualityRuleID?
    package var type: String
    package var question: String
    package var answer: String
    package var existing: [String]?
    package var before: [String]?
    /// Where a real-world case comes from (a fixture file), for the reader.
    package var source: String?

    package init(rule: QualityRuleID? = nil, type: String, question: String, answer: String) {
        self.rule = rule
        self.type = type
        self.question = question
        self.answer = answer
    }
}

/// Recall on bad cards and false flags on good ones: the figures `fcgen-bench quality` reports and
/// `QualityCorpusTests` holds to their goals. Pure: callers read the corpus files.
package struct QualityEvaluation: Sendable {
    /// A card and the rules that fired on it (flagged, fixed or dropped).
    package struct Result: Sendable, Hashable {
        package var question: String
        package var rules: [QualityRuleID]
    }

    package var sanitizer = Sanitizer()

    package init() {}

    /// The rules that fire on `item` when it is the last card of a reply, after its `before` cards, in a topic
    /// holding its `existing` questions.
    package func rules(firedBy item: QualityCase) -> [QualityRuleID] {
        // The earlier cards repeat the item's answer: they are the questions it rephrases (a near-duplicate whose
        // answer disagrees asks another fact, and the rule lets it be).
        let earlier = (item.before ?? []).map { QualityCase(type: "question", question: $0, answer: item.answer) }
        let reply = Self.reply(earlier + [item])
        let keys = Set((item.existing ?? []).map(DedupKey.make))
        return results(of: sanitizer.sanitize(reply, existingKeys: keys))
            .last { $0.question == item.question }?.rules ?? []
    }

    /// Every card of a sanitized reply with the rules that fired on it, kept and quality-dropped alike.
    package func results(of report: SanitizerReport) -> [Result] {
        report.cards.map { Result(question: $0.question, rules: $0.flags.compactMap(QualityRuleID.init)) }
            + report.qualityDropped.map {
                Result(question: $0.card.question, rules: $0.card.flags.compactMap(QualityRuleID.init))
            }
    }

    /// The share of `bad` cards on which their own rule fired, overall and per rule (hits, cases).
    package func recall(_ bad: [QualityCase]) -> (
        overall: Double, byRule: [QualityRuleID: (Int, Int)], missed: [QualityCase]
    ) {
        var byRule: [QualityRuleID: (Int, Int)] = [:]
        var missed: [QualityCase] = []
        for item in bad {
            guard let rule = item.rule else { continue }
            let hit = rules(firedBy: item).contains(rule)
            let (hits, cases) = byRule[rule] ?? (0, 0)
            byRule[rule] = (hits + (hit ? 1 : 0), cases + 1)
            if !hit { missed.append(item) }
        }
        let total = byRule.values.reduce(0) { $0 + $1.1 }
        return (total == 0 ? 0 : Double(total - missed.count) / Double(total), byRule, missed)
    }

    /// Cards flagged among good ones. Each element of `topics` is one topic's replies in batch order, sanitized as
    /// the pipeline does (each against the keys of the cards kept before it). Cards whose question is in
    /// `knownBad` break a rule on purpose (they are scored as bad cases) and are not counted here.
    package func falseFlags(topics: [[String]], knownBad: [QualityCase]) -> (cards: Int, flagged: [Result]) {
        let excluded = Set(knownBad.map(\.question))
        var cards = 0
        var flagged: [Result] = []
        for replies in topics {
            var keys = Set<String>()
            let index = TopicQuestionIndex(cards: [])
            for reply in replies {
                let report = sanitizer.sanitize(reply, existingKeys: keys, questions: index.snapshot())
                keys.formUnion(report.cards.map(\.dedupKey))
                index.insert(
                    cards: report.cards.map {
                        TopicQuestionIndex.Card(key: $0.dedupKey, question: $0.question, answer: $0.answer)
                    })
                for result in results(of: report) where !excluded.contains(result.question) {
                    cards += 1
                    if !result.rules.isEmpty { flagged.append(result) }
                }
            }
        }
        return (cards, flagged)
    }

    /// A JSON reply `{"cards": [...]}` holding `cases` as written.
    package static func reply(_ cases: [QualityCase]) -> String {
        let cards = cases.map {
            "{\"question\": \(quoted($0.question)), \"answer\": \(quoted($0.answer)), \"type\": \(quoted($0.type))}"
        }
        return "{\"cards\": [" + cards.joined(separator: ",\n") + "]}"
    }

    private static func quoted(_ text: String) -> String {
        JSONString.quoted(text)
    }
}
