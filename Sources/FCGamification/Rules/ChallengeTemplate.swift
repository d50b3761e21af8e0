import FCCore

/// One kind of daily challenge and the target/reward pairs a day's challenge is drawn from.
public struct ChallengeTemplate: Sendable, Hashable, Codable {
    /// A target and the XP paid for reaching it.
    public struct Option: Sendable, Hashable, Codable {
        /// How many distinct things (cards, topics) must be counted today.
        public var target: Int
        /// The XP paid once when the target is reached.
        public var xp: Int

        public init(target: Int, xp: Int) {
            self.target = target
            self.xp = xp
        }
    }

    /// What the challenge counts.
    public var kind: ChallengeKind
    /// The display title, e.g. "Card Master".
    public var title: String
    /// The description with `{n}` standing for the target, e.g. "Review {n} cards".
    public var descriptionTemplate: String
    /// A day's target is one of these, drawn uniformly.
    public var options: [Option]

    public init(kind: ChallengeKind, title: String, descriptionTemplate: String, options: [Option]) {
        self.kind = kind
        self.title = title
        self.descriptionTemplate = descriptionTemplate
        self.options = options
    }

    /// The description for `target`. The template is written for many ("Review {n} cards"); for a target of 1 the
    /// word right after `{n}` is made singular ("Review 1 card", "Study 1 topic").
    public func description(target: Int) -> String {
        let parts = descriptionTemplate.split(separator: "{n}", omittingEmptySubsequences: false)
        var text = String(parts[0])
        for part in parts.dropFirst() {
            text += String(target)
            guard target == 1, part.first == " " else {
                text += part
                continue
            }
            let rest = part.dropFirst()
            let word = rest.prefix { $0.isLetter }
            text += " " + Plural.singular(of: String(word)) + rest.dropFirst(word.count)
        }
        return text
    }

    /// Card Master, Perfect Score and Topic Explorer, in that order (the order challenges are drawn and shown).
    public static let defaults: [ChallengeTemplate] = [
        ChallengeTemplate(
            kind: .cardMaster, title: "Card Master", descriptionTemplate: "Review {n} cards",
            options: [.init(target: 10, xp: 20), .init(target: 20, xp: 40), .init(target: 30, xp: 60)]),
        ChallengeTemplate(
            kind: .perfectScore, title: "Perfect Score", descriptionTemplate: "Get {n} cards right on the first try",
            options: [.init(target: 5, xp: 15), .init(target: 10, xp: 30), .init(target: 15, xp: 45)]),
        ChallengeTemplate(
            kind: .topicExplorer, title: "Topic Explorer", descriptionTemplate: "Study {n} topics",
            options: [.init(target: 1, xp: 10), .init(target: 2, xp: 20), .init(target: 3, xp: 30)]),
    ]
}
