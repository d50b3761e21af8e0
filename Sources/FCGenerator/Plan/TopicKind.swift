/// What sort of subject a topic is, read from its name, so that a topic without an outline still gets angles that
/// suit it: a language deck is not asked for its "key figures", nor a history deck for its "syntax".
///
/// The kind is derived from the topic's words alone (no model, no state), so every run and every refill of the topic
/// gets the same angles. A name that matches no kind, or several, is `general`.
///
/// ```swift
/// TopicKind(topic: "Spanish verbs")     // .language
/// TopicKind(topic: "Python lists")      // .programming
/// TopicKind(topic: "Knitting")          // .general
/// ```
package enum TopicKind: String, Sendable, CaseIterable {
    case history, language, maths, science, programming, general

    /// The kind of `topic`: the one kind some word of the name points to, else `general`.
    package init(topic: String) {
        let words = Set(
            topic.lowercased().split(whereSeparator: { !($0.isLetter || $0 == "+" || $0 == "#") }).map(String.init))
        let matched = Self.allCases.filter { !words.isDisjoint(with: Self.keywords[$0] ?? []) }
        if matched.count == 1 {
            self = matched[0]
        } else if matched.isEmpty,
            LanguageInstruction.languageNames.contains(where: { !words.isDisjoint(with: $0.words) })
        {
            // A language's name alone ("Spanish for travellers") makes a language deck; next to another kind's
            // word ("Greek history", "Spanish Civil War") it only says whose.
            self = .language
        } else {
            // "History of mathematics" points to two kinds: general rather than a guess.
            self = .general
        }
    }

    /// The batches' rotating angles for a topic of this kind, broadest first (8 each, as ``BatchPlanner/aspects``).
    package var aspects: [String] {
        switch self {
        case .history:
            [
                "key events and turning points", "key figures and their roles", "dates and timeline",
                "causes and effects", "institutions and government", "society and daily life", "wars and conflicts",
                "legacy and influence",
            ]
        case .language:
            [
                "core vocabulary and meanings", "basic forms and grammar rules", "common patterns",
                "irregular forms and exceptions", "usage in short example sentences", "translating common phrases",
                "common learner mistakes", "idioms and set expressions",
            ]
        case .maths:
            [
                "definitions and terminology", "notation and symbols", "basic rules and properties",
                "worked examples with small numbers", "formulas and when to use them", "theorems and why they hold",
                "word problems and applications", "common mistakes",
            ]
        case .science:
            [
                "definitions and terminology", "parts and structures", "processes and mechanisms",
                "causes and effects", "inputs, outputs and conditions", "experiments and evidence",
                "applications and examples", "common misconceptions",
            ]
        case .programming:
            [
                "definitions and terminology", "syntax and basic usage", "common operations and methods",
                "what short code examples do", "errors and edge cases", "performance and complexity",
                "idioms and good practice", "comparisons with alternatives",
            ]
        case .general:
            BatchPlanner.aspects
        }
    }

    /// Words that mark a kind in a topic's name (lower case, whole words).
    static let keywords: [TopicKind: Set<String>] = [
        .history: [
            "history", "historical", "empire", "empires", "war", "wars", "revolution", "dynasty", "dynasties",
            "ancient", "medieval", "renaissance", "civilization", "civilisation", "kings", "monarchy", "colonial",
            "republic", "century", "era", "pharaohs", "crusades", "reformation",
        ],
        .language: [
            "verbs", "verb", "vocabulary", "grammar", "conjugation", "conjugations", "nouns", "adjectives",
            "phrases", "idioms", "pronunciation", "tenses", "words", "spelling", "language", "languages", "kanji",
        ],
        .maths: [
            "algebra", "geometry", "calculus", "maths", "math", "mathematics", "arithmetic", "trigonometry",
            "statistics", "probability", "equations", "fractions", "integrals", "derivatives", "matrices",
            "logarithms", "polynomials", "topology",
        ],
        .science: [
            "photosynthesis", "biology", "chemistry", "physics", "cell", "cells", "atoms", "atom", "molecules",
            "evolution", "genetics", "ecology", "anatomy", "astronomy", "geology", "science", "sciences",
            "thermodynamics", "electricity", "magnetism", "respiration", "enzymes", "dna", "planets", "climate",
            "quantum", "optics", "organic", "botany", "physiology", "neuroscience", "mechanics",
        ],
        .programming: [
            "python", "swift", "javascript", "typescript", "java", "rust", "go", "golang", "kotlin", "ruby", "php",
            "c++", "c#", "haskell", "sql", "git", "programming", "coding", "code", "algorithms", "algorithm",
            "recursion", "compilers", "linux", "bash", "html", "css", "regex", "api", "apis", "docker",
        ],
    ]
}
