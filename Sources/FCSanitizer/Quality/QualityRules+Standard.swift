extension QualityRules {
    /// The product's rules. Each rule, its thresholds and its reasons are in `docs/quality.md`; the figures
    /// (recall on bad cards, false flags on good ones) come from `fcgen-bench quality`.
    public static let standard = QualityRules(
        actions: [
            .answerTooLong: .kept, .multipleFacts: .kept, .yesNoQuestion: .fixed, .answerInQuestion: .dropped,
            .notSelfContained: .kept, .vaguePrompt: .kept, .longList: .fixed, .nearDuplicate: .dropped,
        ],
        answerMaxWords: 25,
        questionWords: ["who", "whom", "whose", "what", "when", "where", "why", "how", "which"],
        conjunctions: ["and", "or"],
        listOpenings: [
            "list", "enumerate", "name all", "name every", "name #n", "list #n", "give #n", "state #n",
            "name the #n", "list the #n", "what are the #n", "what were the #n", "what are #n", "what were #n",
        ].map { QualityPhrase($0, at: .start) },
        countWords: [
            "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "several", "some", "all", "2", "3",
            "4", "5", "6", "7", "8", "9", "10",
        ],
        yesNoOpenings: [
            "is", "are", "was", "were", "am", "do", "does", "did", "can", "could", "has", "have", "had", "will",
            "would", "should", "shall", "must", "may", "might", "isn", "aren", "wasn", "weren", "don", "doesn", "didn",
            "won", "hasn", "haven",
        ],
        alternativeWords: ["or"],
        yesNoAnswers: ["yes", "no"],
        leakMinimumWordLength: 2,
        contextPhrases: standardContextPhrases,
        vaguePhrases: standardVaguePhrases,
        listMaxItems: 3,
        listItemMaxWords: 4,
        listAsideWords: [
            "as", "which", "that", "so", "but", "because", "while", "although", "like", "unlike", "usually", "often",
            "especially", "not", "e.g.", "i.e.", "for", "such",
        ],
        nearDuplicateThreshold: 0.6,
        stopWords: [
            "a", "an", "the", "of", "in", "on", "at", "to", "for", "by", "with", "from", "into", "about", "as", "and",
            "or", "is", "are", "was", "were", "be", "been", "do", "does", "did", "what", "which", "who", "whom",
            "whose", "when", "where", "why", "how", "that", "this", "these", "those", "it", "its", "s", "their", "his",
            "her", "they", "he", "she", "you", "your", "i", "we", "can", "could", "would", "should", "will", "name",
            "define", "state", "give", "called", "call", "mean", "means", "meaning", "one", "there", "has",
            "have", "had", "say", "known", "named", "also", "than", "then", "so", "not", "true", "false", "yes", "no",
            "year", "happened",
        ]
    )

    /// Pointers to a context outside the card (Matuschak: prompts must make sense on their own, weeks later).
    static let standardContextPhrases: [QualityPhrase] =
        [
            QualityPhrase("the author", notFollowedBy: ["of", "s"]),
            QualityPhrase("the authors", notFollowedBy: ["of"]),
        ]
        + [
            "this text", "the text", "the given text", "the provided text", "this passage", "the passage",
            "this article", "this chapter", "in the chapter", "this section", "in the section", "this document",
            "the document", "this excerpt", "the excerpt", "the reading", "this lecture", "the lecture", "this video",
            "the video", "the speaker", "the source text", "mentioned above", "described above", "listed above",
            "shown above", "stated above", "given above", "discussed above", "the above", "see above",
            "mentioned below", "described below", "listed below", "shown below", "mentioned earlier",
            "discussed earlier", "described earlier", "previously mentioned", "as mentioned", "as discussed",
            "the example above", "the previous card", "the previous question", "the last card", "these notes",
            "the notes",
        ].map { QualityPhrase($0) }
        // A question that ends on a pointer to something it never shows: "What does this mean?", "Who said that?".
        + ["this", "that", "these", "those", "this mean", "that mean", "these mean", "those mean"].map {
            QualityPhrase($0, at: .end)
        }

    /// Open prompts with no single answer to recall (Matuschak: "What's important about X?" has no precise
    /// answer; Wozniak's rule 4: minimum information).
    static let standardVaguePhrases: [QualityPhrase] =
        [
            "tell me about", "tell me everything", "describe", "discuss", "talk about", "write about",
            "give an overview", "provide an overview", "summarize", "summarise", "what do you know", "what can you say",
            "what can you tell", "what is important", "what s important", "what are the important", "what is important",
            "what is interesting", "what is notable", "explain everything", "explain all", "elaborate on",
        ].map { QualityPhrase($0, at: .start) }
        + [
            "important about", "important for", "significant about", "significance of", "importance of",
            "interesting about", "anything about", "everything about", "know about", "thoughts on",
        ].map { QualityPhrase($0) }
        + ["important", "significant", "interesting"].map { QualityPhrase($0, at: .end) }
}
