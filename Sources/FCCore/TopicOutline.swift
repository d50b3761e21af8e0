/// A topic's plan: the subtopics a model (or a person) outlined for it, each with the depth levels it goes through.
///
/// Later batches of the topic walk ``steps`` in order, one (subtopic, level) step per batch, so a topic grows both
/// wider (more subtopics) and deeper (harder levels) and no step is asked for twice. The JSON shape is the one
/// `fcgen topic plan --edit FILE` reads and `fcgen topic plan --json` shows:
///
/// ```json
/// {"subtopics": [{"name": "The Republic", "levels": [{"level": "foundational", "focus": "offices and assemblies"}]}]}
/// ```
public struct TopicOutline: Sendable, Codable, Hashable {
    /// One level of a subtopic: how deep, and what to ask about at that depth.
    public struct Level: Sendable, Codable, Hashable {
        public var depth: DepthLevel
        /// What batches at this level should ask about; may be empty.
        public var focus: String

        public init(depth: DepthLevel, focus: String = "") {
            self.depth = depth
            self.focus = focus
        }

        enum CodingKeys: String, CodingKey {
            case depth = "level"
            case focus
        }
    }

    /// One part of the topic, with its levels from shallow to deep.
    public struct Subtopic: Sendable, Codable, Hashable {
        public var name: String
        public var levels: [Level]

        public init(name: String, levels: [Level]) {
            self.name = name
            self.levels = levels
        }
    }

    /// One batch's worth of the plan.
    public struct Step: Sendable, Hashable {
        /// 1-based position in ``TopicOutline/steps``; stored with the batch that took it.
        public var index: Int
        public var subtopic: String
        public var depth: DepthLevel
        public var focus: String
    }

    /// The limits every outline keeps, whether a model or a person wrote it.
    public enum Limits {
        public static let subtopics = 2...16
        public static let nameLength = 120
        public static let focusLength = 300
    }

    public var subtopics: [Subtopic]

    public init(subtopics: [Subtopic]) {
        self.subtopics = subtopics
    }

    /// Every (subtopic, level) pair, in the order batches take them: by diagonals of (subtopic position + level
    /// rank), shallow first within a diagonal. Three subtopics A, B, C go A-foundational, B-foundational,
    /// A-intermediate, C-foundational, B-intermediate, A-advanced, …: each batch either opens a new subtopic or
    /// takes one a level deeper, instead of finishing all of A before B starts.
    public var steps: [Step] {
        var pairs: [(key: (Int, Int, Int), subtopic: String, level: Level)] = []
        for (position, subtopic) in subtopics.enumerated() {
            for level in subtopic.levels {
                let rank = level.depth.rank
                pairs.append(((position + rank, rank, position), subtopic.name, level))
            }
        }
        pairs.sort { $0.key < $1.key }
        return pairs.enumerated().map { offset, pair in
            Step(index: offset + 1, subtopic: pair.subtopic, depth: pair.level.depth, focus: pair.level.focus)
        }
    }

    /// The steps already taken by batches with these (aspect, depth) pairs: a step is covered when a batch of the
    /// topic was about its subtopic (names compared without regard to case) at its depth. Matching by name rather
    /// than by step number keeps coverage right when the plan is regenerated or edited.
    public func covered(by batches: [(String, DepthLevel)]) -> Set<Int> {
        let taken = Set(batches.map { StepKey(subtopic: $0.0, depth: $0.1) })
        return Set(steps.filter { taken.contains(StepKey(subtopic: $0.subtopic, depth: $0.depth)) }.map(\.index))
    }

    /// The key two steps share when they ask for the same thing.
    struct StepKey: Hashable {
        var name: String
        var depth: DepthLevel

        init(subtopic: String, depth: DepthLevel) {
            name = subtopic.lowercased()
            self.depth = depth
        }
    }
}

extension DepthLevel {
    /// 0 for foundational up to 3 for expert.
    public var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
