/// The quality rules as data: which rules run, what each does, and every threshold, word list and phrase they use.
///
/// All matching is on words: a field's ``FCCore/DedupKey`` (lowercased, Unicode-normalised, punctuation removed)
/// split at spaces, so "What's important about Rome?" is `what s important about rome`. ``standard`` is the
/// product's table, documented rule by rule in `docs/quality.md`; a caller can change a copy of it.
///
/// ```swift
/// var rules = QualityRules.standard
/// rules.actions[.longList] = nil  // switch a rule off
/// rules.answerMaxWords = 15
/// ```
public struct QualityRules: Sendable, Equatable {
    /// The rules that run and what each does with a card it flags; a rule not in the table does not run.
    /// `yes-no-question` with `.fixed` fixes the cards it can (a yes/no answer) and keeps the others flagged;
    /// `long-list` with `.fixed` makes a cloze card of a list answer when its items allow it.
    public var actions: [QualityRuleID: QualityAction]

    // MARK: answer-too-long
    /// The most words an answer may have before it is flagged.
    public var answerMaxWords: Int

    // MARK: multiple-facts
    /// Question words; two joined by a conjunction ask two things ("when and where", "who … and what …").
    public var questionWords: Set<String>
    /// Words joining two asks.
    public var conjunctions: Set<String>
    /// Openings that ask for a set of things ("list", "name three"); `#n` stands for any of ``countWords``.
    public var listOpenings: [QualityPhrase]
    /// Counts that make an opening ask for several things.
    public var countWords: Set<String>
    /// Words that open each of several things asked for at once, joined by `and` ("the capital and the currency
    /// and the language of …", "its founder and its first king"): two such things in one ask are two facts.
    public var coordinatedAskOpeners: Set<String> = ["the", "its", "his", "her", "their"]
    /// After one of these, `and` pairs two things into one ask ("the difference between the Senate and the
    /// consuls").
    public var pairingWords: Set<String> = ["between"]
    /// First words that ask as a question word does ("Name the capital and the currency of …").
    public var requestOpenings: Set<String> = ["name", "give", "state", "identify"]
    /// An answer listing this many short items or more (`a, b and c`, `a; b; c`) for a question that asks for one
    /// thing is flagged too: the card holds several facts.
    public var singleAskListItems = 3
    /// Words that make a question ask for several things whatever its answer ("What are …", "Which were …", "… made
    /// of", "… include"), besides ``countWords`` and ``listOpenings``: with one of them a listed answer is what was
    /// asked for.
    public var pluralAskWords: Set<String> = [
        "are", "were", "these", "those", "both", "each", "include", "includes", "including", "consist", "consists",
        "contain", "contains", "made", "composed", "comprise", "comprises", "components", "parts", "ingredients",
        "members", "examples", "types", "kinds", "causes", "effects", "steps", "stages", "phases", "elements",
        "features", "characteristics", "properties", "factors", "colours", "colors", "countries", "states",
        "products", "events", "names", "letters", "numbers", "words", "symptoms", "signs", "uses",
        // An order or a sequence is one answer made of several items: "the usual word order" is "subject, verb, object".
        "order", "sequence",
    ]

    // MARK: yes-no-question
    /// First words that make a question a yes/no question ("is", "does", "can", …).
    public var yesNoOpenings: Set<String>
    /// A question with one of these words offers a choice ("Is light a wave or a particle?"), not yes/no.
    public var alternativeWords: Set<String>
    /// Answers starting with one of these make a yes/no question fixable as a true/false card.
    public var yesNoAnswers: Set<String>

    // MARK: answer-in-question
    /// An answer needs at least one content word of this many characters to be checked (so "x = 4" is not).
    public var leakMinimumWordLength: Int

    // MARK: not-self-contained
    /// Phrases that point at a context the learner won't have.
    public var contextPhrases: [QualityPhrase]

    // MARK: vague-prompt
    /// Phrases of open prompts with no single answer.
    public var vaguePhrases: [QualityPhrase]

    // MARK: long-list
    /// The most items an answer may list before it is flagged.
    public var listMaxItems: Int
    /// Separated parts longer than this are clauses of prose, not list items.
    public var listItemMaxWords: Int
    /// A separated part opening with one of these is an aside ("as in English"), not an item.
    public var listAsideWords: Set<String>

    // MARK: near-duplicate
    /// Jaccard similarity of two questions' shingle sets at or above which the later one is a near-duplicate.
    public var nearDuplicateThreshold: Double
    /// How alike two questions' wording must be (cosine of their content words' letter triples, rare triples
    /// weighing more) for two cards whose answers agree to state the same fact (see `FactSignature`).
    public var sameFactThreshold: Double
    /// Words ignored when comparing questions and looking for a leaked answer: articles, prepositions, question
    /// and instruction words.
    public var stopWords: Set<String>

    public init(
        actions: [QualityRuleID: QualityAction], answerMaxWords: Int, questionWords: Set<String>,
        conjunctions: Set<String>, listOpenings: [QualityPhrase], countWords: Set<String>, yesNoOpenings: Set<String>,
        alternativeWords: Set<String>, yesNoAnswers: Set<String>, leakMinimumWordLength: Int,
        contextPhrases: [QualityPhrase], vaguePhrases: [QualityPhrase], listMaxItems: Int, listItemMaxWords: Int,
        listAsideWords: Set<String>, nearDuplicateThreshold: Double, sameFactThreshold: Double = 0.35,
        stopWords: Set<String>
    ) {
        self.actions = actions
        self.answerMaxWords = answerMaxWords
        self.questionWords = questionWords
        self.conjunctions = conjunctions
        self.listOpenings = listOpenings
        self.countWords = countWords
        self.yesNoOpenings = yesNoOpenings
        self.alternativeWords = alternativeWords
        self.yesNoAnswers = yesNoAnswers
        self.leakMinimumWordLength = leakMinimumWordLength
        self.contextPhrases = contextPhrases
        self.vaguePhrases = vaguePhrases
        self.listMaxItems = listMaxItems
        self.listItemMaxWords = listItemMaxWords
        self.listAsideWords = listAsideWords
        self.nearDuplicateThreshold = nearDuplicateThreshold
        self.sameFactThreshold = sameFactThreshold
        self.stopWords = stopWords
    }

    /// No rule runs: the sanitizer behaves as before quality checks existed.
    public static var off: QualityRules {
        var rules = standard
        rules.actions = [:]
        return rules
    }
}

/// A run of words matched against a field's words.
///
/// ```swift
/// QualityPhrase("the author", notFollowedBy: ["of"])  // "the author says", not "the author of Hamlet"
/// QualityPhrase("tell me about", at: .start)
/// ```
public struct QualityPhrase: Sendable, Hashable {
    /// Where in the field the phrase must stand.
    public enum Position: Sendable, Hashable {
        case start, end, anywhere
    }

    /// The words, lowercase; `#n` matches any count word (see ``QualityRules/countWords``).
    public var words: [String]
    public var position: Position
    /// The phrase does not match when the next word is one of these.
    public var notFollowedBy: Set<String>

    public init(_ text: String, at position: Position = .anywhere, notFollowedBy: Set<String> = []) {
        self.words = text.split(separator: " ").map(String.init)
        self.position = position
        self.notFollowedBy = notFollowedBy
    }
}
