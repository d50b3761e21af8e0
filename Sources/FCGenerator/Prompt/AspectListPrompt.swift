package import FCCore

/// The simpler request for a topic's subtopics, sent when the model's JSON outline (``OutlinePrompt``) was unusable:
/// a plain numbered list, which a small model that cannot fill the outline's nested shape can still write. Its reply
/// is read leniently (`AspectListReader`) into an outline whose subtopics each go through every depth level. Built
/// in, not a template, for the same reason as the outline's.
///
/// ```swift
/// let prompt = AspectListPrompt.render(topic: "Photosynthesis", language: nil)
/// // user: List 8 subtopics of "Photosynthesis" for a flashcard deck, one per line, numbered 1 to 8. …
/// ```
package enum AspectListPrompt {
    static let system = "You plan flashcard decks for spaced-repetition study."

    /// How many subtopics the request asks for.
    package static let count = 8

    /// The system and user messages for `topic`, naming the language when one is set.
    package static func render(topic: String, language: LanguageTag?) -> Prompt {
        let topicLine = OutlinePrompt.topicLine(topic)
        var user =
            "List \(count) subtopics of \"\(topicLine)\" for a flashcard deck, one per line, numbered 1 to \(count). "
            + "Each is a few words, and they differ from each other."
        if let language { user += " Write them in \(LanguageInstruction.displayName(language))." }
        return Prompt(system: system, user: user)
    }
}
