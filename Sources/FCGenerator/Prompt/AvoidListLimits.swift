/// How much of the avoid-list (earlier questions of the topic) goes into a prompt.
///
/// The caller passes the questions it picked (``PromptMemory``: the nearest to the batch's step), best first;
/// rendering keeps as many as fit. The total cap keeps every request cheap however large the topic grows: 600
/// characters hold about ten questions of typical length, so that with the covered outline steps every request
/// stays within 1.5 × the size of a batch prompt that carries no memory at all (a 50-batch test checks each one).
package struct AvoidListLimits: Sendable, Hashable {
    /// Longer questions are cut and end with `…`.
    package var maxEntryLength: Int
    /// The rendered list (lines joined by newlines) stays within this many characters.
    package var maxTotalLength: Int

    package init(maxEntryLength: Int = 120, maxTotalLength: Int = 600) {
        self.maxEntryLength = max(8, maxEntryLength)
        self.maxTotalLength = max(0, maxTotalLength)
    }

    /// The bulleted list for `{{avoid_list}}`: one `- question` per line, whitespace collapsed, duplicates skipped,
    /// each entry capped, stopping before the total would pass the cap. Empty when nothing is left.
    package func render(_ questions: [String]) -> String {
        var lines: [String] = []
        var seen = Set<String>()
        var total = 0
        for question in questions {
            var entry = question.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
            guard !entry.isEmpty, seen.insert(entry.lowercased()).inserted else { continue }
            if entry.count > maxEntryLength { entry = String(entry.prefix(maxEntryLength - 1)) + "…" }
            let line = "- " + entry
            let added = line.count + (lines.isEmpty ? 0 : 1)
            guard total + added <= maxTotalLength else { break }
            lines.append(line)
            total += added
        }
        return lines.joined(separator: "\n")
    }
}
