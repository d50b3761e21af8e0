package import FCCore

extension DepthLevel {
    /// What this depth means, for the prompt's `{{depth_guidance}}`.
    package var guidance: String {
        switch self {
        case .foundational:
            "Cover what a newcomer needs first: the core terms, the main facts and the big picture. Keep questions "
                + "direct."
        case .intermediate:
            "Assume the learner knows the basics. Ask about relationships, reasons and specifics beyond the first "
                + "facts."
        case .advanced:
            "Assume solid knowledge. Ask about details, exceptions, trade-offs and connections a casual learner "
                + "would miss."
        case .expert:
            "Ask what a specialist knows: precise details, edge cases, debates and subtle distinctions. Stay factual "
                + "and verifiable."
        }
    }
}
