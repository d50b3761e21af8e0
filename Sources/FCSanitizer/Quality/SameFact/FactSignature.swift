/// What the same-fact rule knows of a card: what its question asks about and what its answer says, reduced so that
/// two phrasings of one fact compare equal where a reader would call them equal.
///
/// Two cards state the same fact when their answers say the same thing (the shorter answer's words all in the
/// longer), their questions mention the same numbers, ask for the same kind of answer and name no different things,
/// and their questions' wording is alike enough (``FactIndex``). Answers carry most of the weight: "Who wrote
/// Hamlet?" and "Who is the author of Hamlet?" share one content word, but one answer, while "When did the Berlin
/// Wall fall?" and "When was it built?" share every name and differ in the answer.
struct FactSignature: Sendable {
    /// The question as written; what it asks about is read only when another card's answer agrees (``questionFacts``).
    let question: String
    /// The answer's content stems in order (symbols and numbers included, numbers as numbers); empty when the
    /// answer has no content word.
    let answer: [String]

    init(question: String, answer: String, stopWords: Set<String>) {
        self.question = question
        if let words = FactWords.asciiAnswerWords(answer, stopWords: stopWords) {
            self.answer = words
            return
        }
        self.answer = FactWords.tokens(answer).compactMap { token in
            if let number = token.number { return number }
            return stopWords.contains(token.lower) ? nil : FactWords.stem(token.lower)
        }
    }

    /// Whether the two answers say the same thing: the shorter's words appear in the longer, in order and side by
    /// side ("Shakespeare" in "William Shakespeare"; not "O(log n)" in "O(n log n)"), and the shorter is at least
    /// half the longer unless the longer has at most three words ("Beethoven", "Ludwig van Beethoven"; "Rome" does
    /// not agree with "To secure Rome after a crisis").
    func answerAgrees(with other: FactSignature) -> Bool {
        guard !answer.isEmpty, !other.answer.isEmpty else { return false }
        let (short, long) = answer.count <= other.answer.count ? (answer, other.answer) : (other.answer, answer)
        guard Self.mayAgree(short: short.count, long: long.count) else { return false }
        // Index loops rather than zip and closures: this runs for every pair of a batch's cards.
        search: for start in 0...(long.count - short.count) {
            for offset in 0..<short.count where !FactWords.same(short[offset], long[start + offset]) {
                continue search
            }
            return true
        }
        return false
    }

    /// Whether answers of these lengths may agree: the shorter at least half the longer, or the longer a name of
    /// at most three words.
    static func mayAgree(short: Int, long: Int) -> Bool {
        short * 2 >= long || long <= 3
    }

    /// What the question asks about, read when it is compared (most cards' answers agree with none).
    func questionFacts(stopWords: Set<String>) -> QuestionFacts {
        QuestionFacts(question, stopWords: stopWords)
    }
}

/// What a question asks about, for comparing two cards whose answers agree.
struct QuestionFacts: Sendable {
    /// Stems of the question's content words (stop words and numbers out), for the wording's similarity.
    let stems: [String]
    /// The question's numbers, sorted ("World War II" and "the Second World War" both hold 2).
    let numbers: [String]
    let askedFor: AskedFor?
    /// Names: words written with a capital past the first word, lowercased stems, and whether each was written in
    /// capitals only (an acronym: "US" may stand for "United States").
    let names: [(stem: String, acronym: String?)]
    /// The stems of every word of the question, to see whether another card's name appears in it.
    let allStems: [String]
    /// The first letters of each run of capitalised words, for acronyms the other card writes.
    let capitalRuns: [String]

    init(_ question: String, stopWords: Set<String>) {
        let tokens = FactWords.tokens(question)
        let lowered = tokens.map(\.lower)
        askedFor = AskedFor(lowered)
        numbers = tokens.compactMap(\.number).sorted()
        stems = Self.stems(of: tokens, stopWords: stopWords)
        let allStems = lowered.map(FactWords.stem)
        self.allStems = allStems
        var names: [(stem: String, acronym: String?)] = []
        var runs: [String] = []
        var run = ""
        for (index, token) in tokens.enumerated() {
            let initial = token.text.first
            let capitalised = initial?.isUppercase ?? false
            if capitalised, token.number == nil, let initial {
                run.append(initial)
            } else {
                if run.count > 1 { runs.append(run) }
                run = ""
            }
            guard index > 0, capitalised, token.number == nil, !stopWords.contains(token.lower) else { continue }
            let acronym = token.text.count > 1 && token.text.allSatisfy(\.isUppercase) ? token.text : nil
            names.append((allStems[index], acronym))
        }
        if run.count > 1 { runs.append(run) }
        self.names = names
        capitalRuns = runs
    }

    /// The stems of the question's content words alone: what the letter triples' weights count.
    static func stems(of question: String, stopWords: Set<String>) -> [String] {
        stems(of: FactWords.tokens(question), stopWords: stopWords)
    }

    private static func stems(of tokens: [FactWords.Token], stopWords: Set<String>) -> [String] {
        tokens.filter { $0.number == nil && !stopWords.contains($0.lower) }.map { FactWords.stem($0.lower) }
    }

    /// Whether each question names something the other does not: two different things asked about
    /// ("Who wrote Hamlet?", "Who wrote Macbeth?"), however alike the rest.
    func namesDiffer(from other: QuestionFacts) -> Bool {
        !unmatchedNames(against: other).isEmpty && !other.unmatchedNames(against: self).isEmpty
    }

    private func unmatchedNames(against other: QuestionFacts) -> [String] {
        names.filter { name in
            if other.allStems.contains(where: { FactWords.same(name.stem, $0) }) { return false }
            if let acronym = name.acronym, other.capitalRuns.contains(where: { $0.contains(acronym) }) { return false }
            // A word of a run the other card abbreviates ("United" in "United States" against "US").
            return !other.names.contains { theirs in
                guard let acronym = theirs.acronym else { return false }
                guard let initial = name.stem.first else { return false }
                return capitalRuns.contains { $0.contains(acronym) } && acronym.lowercased().contains(initial)
            }
        }.map(\.stem)
    }
}
