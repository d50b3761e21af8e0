public import FCCore

/// Templated study cards for a topic, used when nothing in a model's reply could be kept.
///
/// The cards are self-study prompts ("Define the key terms of …"), honest about being templates: origin
/// `.fallback`, kind `.question`, an answer that tells the learner what a good answer covers. They are
/// deterministic, and every question names the plan's number, aspect and depth, so two fallback batches of one
/// topic never share a ``DedupKey``. They pass the sanitizer's own validation.
///
/// ```swift
/// let cards = FallbackCards.make(topic: "Roman history", plan: BatchPlan(number: 3, aspect: "the Senate",
///                                depth: .intermediate), count: 5)
/// ```
public enum FallbackCards {
    /// Makes `count` templated cards for `topic`; `plan` varies them (nil: the basics, foundational depth).
    ///
    /// - Parameters:
    ///   - topic: the topic's name; cut to 120 characters in the text.
    ///   - plan: the batch plan whose number, aspect and depth the questions name.
    ///   - count: how many cards; 0 or less gives none. Past the number of templates they repeat with new numbers.
    /// - Returns: cards with origin `.fallback`.
    public static func make(topic: String, plan: BatchPlan?, count: Int) -> [CardDraft] {
        guard count > 0 else { return [] }
        let topic = clipped(TextCleanup.trimmed(topic), 120, default: "this topic")
        let aspect = clipped(TextCleanup.trimmed(plan?.aspect ?? ""), 80, default: "the fundamentals")
        let depth = (plan?.depth ?? .foundational).rawValue
        let prefix = plan.map { "\($0.number)." } ?? ""
        return (0..<count).map { index in
            let template = templates[index % templates.count]
            let question = "\(template.task(aspect, topic)) (study prompt \(prefix)\(index + 1), \(depth) level)"
            let answer =
                "Templated self-study card: answer from memory, then check your answer against your notes or a "
                + "trusted source on \(topic). A good answer covers \(template.focus)."
            return CardDraft(kind: .question, question: question, answer: answer, explanation: nil, origin: .fallback)
        }
    }

    private struct Template: Sendable {
        let task: @Sendable (_ aspect: String, _ topic: String) -> String
        let focus: String
    }

    private static let templates: [Template] = [
        Template(
            task: { "Define the key terms of \($0) in \($1)." }, focus: "each term in one sentence and how they relate"),
        Template(
            task: { "Explain the main idea of \($0) in \($1) in your own words." },
            focus: "the idea itself, why it matters and one example"),
        Template(
            task: { "Give a concrete example that illustrates \($0) in \($1)." },
            focus: "who, what, when, and why the example fits"),
        Template(
            task: { "What is a common misconception about \($0) in \($1)?" },
            focus: "the mistaken belief and the evidence that corrects it"),
        Template(
            task: { "How does \($0) connect to the rest of \($1)?" },
            focus: "causes, consequences and links to neighbouring ideas"),
        Template(
            task: { "Compare two contrasting cases or views within \($0) of \($1)." },
            focus: "similarities, differences and what explains them"),
        Template(
            task: { "Summarise \($0) in \($1) as three key points." },
            focus: "the three most important facts, each with a reason"),
        Template(
            task: { "Which question about \($0) in \($1) would test real understanding, and how would you answer it?" },
            focus: "a precise question and a complete model answer"),
    ]

    private static func clipped(_ text: String, _ limit: Int, default fallback: String) -> String {
        if text.isEmpty { return fallback }
        return text.count <= limit ? text : String(text.prefix(limit))
    }
}
