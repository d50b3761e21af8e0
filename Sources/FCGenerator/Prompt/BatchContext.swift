package import FCCore

/// What a batch's prompt carries besides the plan and the avoid-list: the outline step's focus, the outline steps
/// earlier batches covered, and the language cards are written in. Empty values leave their template sections out.
package struct BatchContext: Sendable {
    /// What to ask about within the step's subtopic and depth (``TopicOutline/Level/focus``).
    package var focus: String
    /// Covered steps as (subtopic, depths), in plan order.
    package var covered: [(subtopic: String, depths: [DepthLevel])]
    package var language: LanguageTag?
    /// The card kinds the batch asks for: the prompt's `{{types}}` list and its `{{#kind_…}}` sections.
    package var kinds: GeneratedKinds
    /// The rendered list of covered steps stays within this many characters (a plan has at most 16 subtopics, so
    /// this only bites for very long names).
    package static let coveredLimit = 400

    package init(
        focus: String = "", covered: [(subtopic: String, depths: [DepthLevel])] = [], language: LanguageTag? = nil,
        kinds: GeneratedKinds = .standard
    ) {
        self.kinds = kinds
        self.focus = focus
        self.covered = covered
        self.language = language
    }

    /// One `- subtopic: foundational, intermediate` line per subtopic with covered steps; three or more levels as a
    /// range (`foundational–expert`), since every line is sent with every later batch.
    package var renderedCovered: String {
        var lines: [String] = []
        var total = 0
        for (subtopic, depths) in covered where !depths.isEmpty {
            let levels =
                depths.count > 2
                ? "\(depths[0].rawValue)–\(depths[depths.count - 1].rawValue)"
                : depths.map(\.rawValue).joined(separator: ", ")
            let line = "- \(subtopic): " + levels
            guard total + line.count + 1 <= Self.coveredLimit else { break }
            lines.append(line)
            total += line.count + 1
        }
        return lines.joined(separator: "\n")
    }

}
