package import FCCore

/// Decides what each batch of a topic is about, so every later batch goes deeper instead of repeating batch 1.
///
/// Batch *n* (from 1) takes aspect `aspects[(n − 1) mod 8]` and depth `min(3, (n − 1) / 2)`: batches 1–2
/// foundational, 3–4 intermediate, 5–6 advanced, 7 on expert. Each later batch has another angle, and the level
/// climbs within the first few batches, because `--batches 3` is the common case and a learner who asks for more
/// cards expects harder ones, not another round of basics. Batches 1…14 never repeat an (aspect, depth) pair; from
/// 15 on, expert pairs recur every eight batches, and the avoid-list keeps the questions new. Deterministic: no
/// state, no randomness.
///
/// ```swift
/// BatchPlanner.plan(number: 1)  // definitions and terminology, foundational
/// BatchPlanner.plan(number: 3)  // dates and timeline, intermediate
/// ```
package enum BatchPlanner {
    /// The rotating angles, broadest first.
    package static let aspects = [
        "definitions and terminology",
        "key figures",
        "dates and timeline",
        "causes and effects",
        "processes and mechanisms",
        "comparisons",
        "applications and examples",
        "common misconceptions",
    ]

    /// How many batches share a depth before the next level.
    package static let batchesPerDepth = 2

    /// The plan for batch `number` (numbers below 1 are treated as 1, but kept in the plan), from the general
    /// aspect list.
    package static func plan(number: Int) -> BatchPlan {
        plan(number: number, aspects: aspects)
    }

    /// The plan for batch `number` of `topic` without an outline: the aspects of the topic's kind (``TopicKind``),
    /// so a language topic is not asked for its "key figures".
    ///
    /// ```swift
    /// BatchPlanner.plan(number: 1, topic: "Spanish verbs")  // core vocabulary and meanings, foundational
    /// ```
    package static func plan(number: Int, topic: String) -> BatchPlan {
        plan(number: number, aspects: TopicKind(topic: topic).aspects)
    }

    private static func plan(number: Int, aspects: [String]) -> BatchPlan {
        let index = max(number, 1) - 1
        let depths = DepthLevel.allCases
        let depth = depths[min(depths.count - 1, index / batchesPerDepth)]
        return BatchPlan(number: number, aspect: aspects[index % aspects.count], depth: depth)
    }
}
