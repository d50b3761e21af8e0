import FCCore

/// The per-card quality rules: which ones a card breaks, and the fix for a yes/no question.
///
/// Reads a card's words (see `QualityWords`) and its raw answer (for list separators); every table and threshold
/// comes from ``QualityRules``. Near-duplicates need the batch and the topic, so `QualityPass` checks those.
struct QualityChecker: Sendable {
    let rules: QualityRules
    private let listOpenings: QualityPhraseIndex
    private let contextPhrases: QualityPhraseIndex
    private let vaguePhrases: QualityPhraseIndex
    /// The word tables, hashed as `QualityWords` hashes a field's words.
    let stopWords: WordHashSet
    private let questionWords: WordHashSet
    private let conjunctions: WordHashSet
    private let coordinatedAskOpeners: WordHashSet
    private let pairingWords: WordHashSet
    private let requestOpenings: WordHashSet
    /// ``QualityRules/pluralAskWords`` and ``QualityRules/countWords``: a question with one asks for several.
    private let pluralAsks: WordHashSet
    /// The hash of `and`, the one conjunction that joins two things asked for (`or` offers a choice).
    private let andHash: Int?
    private let yesNoOpenings: WordHashSet
    private let alternativeWords: WordHashSet
    /// `rules.actions` by ``QualityRuleID/order``: looked up several times per card, so without hashing.
    private let actions: [QualityAction?]

    /// The checker of ``QualityRules/standard``, which every sanitizer with those rules shares.
    static let standard = QualityChecker(rules: .standard)

    /// Hashes and indexes the tables once; a ``Sanitizer`` builds its checker when it is made.
    init(rules: QualityRules) {
        self.rules = rules
        listOpenings = QualityPhraseIndex(rules.listOpenings, countWords: rules.countWords)
        contextPhrases = QualityPhraseIndex(rules.contextPhrases)
        vaguePhrases = QualityPhraseIndex(rules.vaguePhrases)
        func hashed(_ words: Set<String>) -> WordHashSet { WordHashSet(words.flatMap(QualityWords.hashes)) }
        stopWords = hashed(rules.stopWords)
        questionWords = hashed(rules.questionWords)
        conjunctions = hashed(rules.conjunctions)
        coordinatedAskOpeners = hashed(rules.coordinatedAskOpeners)
        pairingWords = hashed(rules.pairingWords)
        requestOpenings = hashed(rules.requestOpenings)
        pluralAsks = hashed(rules.pluralAskWords.union(rules.countWords))
        andHash = QualityWords.hashes("and").first
        yesNoOpenings = hashed(rules.yesNoOpenings)
        alternativeWords = hashed(rules.alternativeWords)
        var actions = [QualityAction?](repeating: nil, count: QualityRuleID.allCases.count)
        for (rule, action) in rules.actions { actions[rule.order] = action }
        self.actions = actions
    }

    /// What `rule` does with a card it flags; `nil` when it does not run.
    func action(_ rule: QualityRuleID) -> QualityAction? { actions[rule.order] }

    /// The rules `card` breaks, in rule order (near-duplicate excluded).
    func findings(_ card: CardDraft, question: QualityWords, answer: QualityWords, questionContent: [Int])
        -> [QualityRuleID]
    {
        var found: [QualityRuleID] = []
        func check(_ rule: QualityRuleID, _ test: () -> Bool) {
            if actions[rule.order] != nil && test() { found.append(rule) }
        }
        let truthCard = card.kind == .truefalse
        // A cloze card's answer is its whole text, and an MCQ's answer is one of its fixed options: the rules
        // about the shape of a free answer don't apply to them.
        let shapedAnswer = card.kind == .cloze || card.kind == .mcq
        check(.answerTooLong) { !truthCard && card.kind != .cloze && answer.count > rules.answerMaxWords }
        check(.multipleFacts) {
            asksSeveralThings(card.question, question)
                || (!truthCard && !shapedAnswer && listsSeveralForOne(question, answer: card.answer))
        }
        check(.yesNoQuestion) { !truthCard && !shapedAnswer && isYesNo(question, answer: card.answer) }
        check(.answerInQuestion) {
            guard !truthCard else { return false }
            // A cloze deletion ({{c1::Augustus}}) is hidden when the card is shown: it leaks nothing.
            guard Self.hasDoubleBrace(card.question) else { return leaksAnswer(question, questionContent, answer) }
            let shown = QualityWords(Self.withoutClozeDeletions(card.question))
            return leaksAnswer(shown, shown.contentWords(stopWords: stopWords), answer)
        }
        check(.notSelfContained) { contextPhrases.matches(question) }
        check(.vaguePrompt) { vaguePhrases.matches(question) }
        check(.longList) { !truthCard && !shapedAnswer && listItems(in: card.answer) > rules.listMaxItems }
        return found
    }

    /// Makes a yes/no question with a yes/no answer a true/false card: the answer becomes "True" or "False", the
    /// rest of it moves to the front of the explanation. Returns false when the answer is no yes or no.
    func fixYesNo(_ card: inout CardDraft) -> Bool {
        guard Self.startsWithYesNo(card.answer, rules.yesNoAnswers),
            let truth = CardKindReader.truthValue(of: card.answer)
        else { return false }
        card.kind = .truefalse
        card.answer = truth.value
        if !truth.remainder.isEmpty {
            card.explanation = card.explanation.map { truth.remainder + "\n\n" + $0 } ?? truth.remainder
        }
        return true
    }

    // MARK: Rules

    /// Two questions in one ("…? …?"), two question words joined by a conjunction ("when and where", "who was …
    /// and what did …"), two things each opened by a determiner joined by `and` in one ask ("what are the
    /// capital and the currency …", "name the capital and the currency …"; not after "between"), or an opening
    /// that asks for a set ("list", "name three").
    private func asksSeveralThings(_ text: String, _ question: QualityWords) -> Bool {
        if Self.hasTwoQuestionMarks(text) {
            let asks = text.split(separator: "?").filter { $0.contains { $0.isLetter } }
            if asks.count >= 2 { return true }
        }
        if listOpenings.matches(question) { return true }
        let words = question.words
        var sawQuestionWord = words.first.map { requestOpenings.contains($0.hash) } ?? false
        // Since the ask: a thing opened by a determiner ("the capital"), and a word that pairs two into one.
        var sawOpenedThing = false
        var paired = false
        for (index, word) in words.enumerated() {
            if sawQuestionWord, conjunctions.contains(word.hash) {
                let next = words.dropFirst(index + 1).prefix(2)
                if next.contains(where: { questionWords.contains($0.hash) }) { return true }
                // "the capital and the currency": a second thing asked for in the same ask.
                if word.hash == andHash, sawOpenedThing, !paired,
                    let following = next.first, coordinatedAskOpeners.contains(following.hash)
                {
                    return true
                }
            }
            if questionWords.contains(word.hash) { sawQuestionWord = true }
            if sawQuestionWord, coordinatedAskOpeners.contains(word.hash) { sawOpenedThing = true }
            if pairingWords.contains(word.hash) { paired = true }
        }
        return false
    }

    /// An answer listing ``QualityRules/singleAskListItems`` short items or more ("Leonardo, Michelangelo and
    /// Raphael") for a question that asks for one thing: one question word (or a request opening such as "Name the
    /// painter …" and none), and no word that asks for several ("are", "three", "include": ``pluralAsks``).
    private func listsSeveralForOne(_ question: QualityWords, answer: String) -> Bool {
        guard listItems(in: answer, separatorsNeeded: 1) >= rules.singleAskListItems else { return false }
        var asks = 0
        for word in question.words {
            if pluralAsks.contains(word.hash) { return false }
            if questionWords.contains(word.hash) { asks += 1 }
        }
        if asks == 0, let first = question.words.first, requestOpenings.contains(first.hash) { asks = 1 }
        return asks == 1
    }

    /// Opens with "is", "does", "can", … and offers no choice ("… or …?"), or is answered with a bare yes or no.
    private func isYesNo(_ question: QualityWords, answer: String) -> Bool {
        if let first = question.first, yesNoOpenings.contains(first),
            !question.containsAny(of: alternativeWords)
        {
            return true
        }
        return Self.startsWithYesNo(answer, rules.yesNoAnswers)
    }

    /// Every content word of the answer is in the question, and the question offers no choice between options.
    private func leaksAnswer(_ question: QualityWords, _ questionContent: [Int], _ answer: QualityWords) -> Bool {
        // The answer's content words are read in place, twice, rather than gathered into an array per card.
        let words = answer.words
        guard
            words.contains(where: {
                !stopWords.contains($0.hash) && $0.length >= rules.leakMinimumWordLength && $0.hasLetter
            }),
            !question.containsAny(of: alternativeWords)
        else { return false }
        // A handful of words each: a linear scan beats building a set.
        return words.allSatisfy { stopWords.contains($0.hash) || questionContent.contains($0.folded) }
    }

    // MARK: Text

    /// "Yes", "No.", "no, not in general": a yes or no ending at the end of the answer or at punctuation, not
    /// "No one" or "Yesterday".
    static func startsWithYesNo(_ answer: String, _ words: Set<String>) -> Bool {
        let bytes = answer.utf8
        for word in words {
            let expected = word.utf8
            guard bytes.count >= expected.count,
                zip(bytes, expected).allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 })
            else { continue }
            guard let next = bytes.dropFirst(expected.count).first else { return true }
            // ASCII punctuation, or a typographic dash or ellipsis (E2 80 xx).
            if next == 0xE2 || (next < 0x80 && next != 0x20 && !Self.isASCIILetterOrDigit(next)) { return true }
        }
        return false
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// How many items the answer lists: its lines when it has several, else its parts between commas and
    /// semicolons (the last part split at "and"/"or": "a, b, c and d"), when every part is short enough to be an
    /// item rather than a clause. Parts opening with a clause word ("as in English", "usually a letter") are
    /// asides, not items.
    ///
    /// - Parameter separatorsNeeded: Fewer commas and semicolons than this (and fewer lines than
    ///   ``QualityRules/listMaxItems``) is one item, without reading further: `long-list` needs two to list more
    ///   than three items, `multiple-facts` one ("a, b and c").
    func listItems(in answer: String, separatorsNeeded: Int = 2) -> Int {
        // Most answers have too few separators to list more than three items: skip the Character-level work.
        var newlines = 0
        var separators = 0
        for byte in answer.utf8 {
            if byte == 0x0A {
                newlines += 1
            } else if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") {
                separators += 1
            }
        }
        guard newlines >= rules.listMaxItems || separators >= separatorsNeeded else { return 1 }
        let lines = answer.split(whereSeparator: \.isNewline).filter { $0.contains { $0.isLetter || $0.isNumber } }
        if lines.count > 1 { return lines.count }
        var items = Self.separatedParts(answer)
        if let last = items.popLast() {
            items += last.split(separator: " and ").flatMap { $0.split(separator: " or ") }
        }
        var count = 0
        for item in items {
            let words = item.split(whereSeparator: \.isWhitespace)
            guard let first = words.first, item.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
            if rules.listAsideWords.contains(first.lowercased()) { continue }
            if words.count > rules.listItemMaxWords { return 1 }
            count += 1
        }
        return count
    }

    /// The parts of `text` between commas and semicolons that are followed by a space or end the text, so
    /// "1,000" and "f(a,b)" stay whole.
    static func separatedParts(_ text: String) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "," || text[index] == ";", next == text.endIndex || text[next].isWhitespace {
                parts.append(text[start..<index])
                start = next
            }
            index = next
        }
        parts.append(text[start...])
        return parts
    }

    /// `text` without its `{{…}}` spans.
    static func withoutClozeDeletions(_ text: String) -> String {
        var shown = ""
        var depth = 0
        var previous: Character?
        for character in text {
            if character == "{" && previous == "{" {
                depth += 1
                if depth == 1 { shown.removeLast() }
                previous = nil
                continue
            }
            if character == "}" && previous == "}" && depth > 0 {
                depth -= 1
                previous = nil
                continue
            }
            if depth == 0 { shown.append(character) }
            previous = character
        }
        return shown
    }

    /// Whether `text` has two `?` or more, by bytes.
    private static func hasTwoQuestionMarks(_ text: String) -> Bool {
        var seen = 0
        for byte in text.utf8 where byte == UInt8(ascii: "?") {
            seen += 1
            if seen == 2 { return true }
        }
        return false
    }

    /// Whether `text` has `{{`, by bytes.
    private static func hasDoubleBrace(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "{") && previous == byte { return true }
            previous = byte
        }
        return false
    }
}
