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

    /// The description for `target`.
    public func description(target: Int) -> String {
        descriptionTemplate.replacingOccurrences(of: "{n}", with: String(target))
    }

    /// Card Master, Perfect Score and Topic Explorer, in that order (the order challenges are drawn and shown).
    public static let defaults: [ChallengeTemplate] = [
        ChallengeTemplate(
            kind: .cardMaster, title: "Card Master", descriptionTemplate: "Review {n} cards",
            options: [.init(target: 10, xp: 50), .init(target: 20, xp: 100), .init(target: 30, xp: 150)]),
        ChallengeTemplate(
            kind: .perfectScore, title: "Perfect Score", descriptionTemplate: "Get {n} cards right on the first try",
            options: [.init(target: 5, xp: 60), .init(target: 10, xp: 120), .init(target: 15, xp: 180)]),
        ChallengeTemplate(
            kind: .topicExplorer, title: "Topic Explorer", descriptionTemplate: "Study {n} topics",
            options: [.init(target: 1, xp: 40), .init(target: 2, xp: 80), .init(target: 3, xp: 120)]),
    ]
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
