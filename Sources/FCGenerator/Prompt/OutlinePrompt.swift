package import FCCore

/// The prompt that asks a model for a topic's outline (``TopicOutline``), sent once, before the topic's first batch
/// (and again on `fcgen topic plan NAME --regenerate`). Built in, not a template: its reply must keep one shape,
/// which ``OutlineSchema`` and the outline reader depend on.
package enum OutlinePrompt {
    static let system =
        "You plan flashcard decks for spaced-repetition study. You reply with JSON only: no prose before or after "
        + "it and no markdown code fences."

    /// The system and user messages for `topic`, naming the language when one is set.
    package static func render(topic: String, language: LanguageTag?) -> Prompt {
        let topicLine = topicLine(topic)
        var lines = [
            "Plan a flashcard deck about \"\(topicLine)\" as an outline a learner works through, batch by batch.",
            "",
            "Reply with one JSON object of this shape:",
            #"{"subtopics": [{"name": "...", "levels": [{"level": "foundational", "focus": "..."}, "#
                + #"{"level": "intermediate", "focus": "..."}, {"level": "advanced", "focus": "..."}, "#
                + #"{"level": "expert", "focus": "..."}]}]}"#,
            "",
            "Rules:",
            "- 6 to 10 subtopics that together cover \"\(topicLine)\", the most basic first. Each name is a few words "
                + "and differs from the others.",
            "- Each subtopic lists its levels in this order: foundational, intermediate, advanced, expert. Leave a "
                + "level out only when the subtopic has nothing at that depth.",
            "- \"focus\" says in one short phrase what cards at that level of that subtopic ask about.",
        ]
        if let language {
            lines.append(
                "- Write the names and focus phrases in \(LanguageInstruction.displayName(language)).")
        }
        return Prompt(system: system, user: lines.joined(separator: "\n"))
    }

    /// The topic on one line: whitespace collapsed, at most 200 characters.
    static func topicLine(_ topic: String) -> String {
        let line = topic.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        return line.count > 200 ? String(line.prefix(200)) : line
    }
}
