extension PromptTemplates {
    /// The text of `prompts/system.txt`, compiled in at build time (the EmbedFiles plugin).
    package static var builtInSystem: String { builtInFile("system.txt") }

    /// The text of `prompts/batch.txt`.
    package static var builtInBatch: String { builtInFile("batch.txt") }

    /// The text of `prompts/review.txt`.
    package static var builtInReview: String { builtInFile("review.txt") }

    /// A file of `prompts/` as the build compiled it in; one missing is a broken build, not a run-time condition.
    private static func builtInFile(_ name: String) -> String {
        guard let text = EmbeddedPrompts.files[name] else {
            preconditionFailure("prompts/\(name) was not compiled in (Package.swift: EmbedFiles)")
        }
        return text
    }
}
