/// The section of the learner's own material a batch is about (`fcgen generate --from`): what the prompt quotes and
/// what the offline fixture provider makes its cards from.
package struct SourceExcerpt: Sendable, Hashable {
    /// The source as the user named it (`notes.md`, `standard input`).
    package var fileName: String
    /// The section's heading path, `lines 12–30` or `page 3`.
    package var title: String
    /// The section's text, at most the run's section size.
    package var text: String

    package init(fileName: String, title: String, text: String) {
        self.fileName = fileName
        self.title = title
        self.text = text
    }
}
