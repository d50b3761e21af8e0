public import FCCore

/// Decides what each batch of a topic is about, so batch 5 doesn't repeat batch 1.
///
/// Batch *n* (from 1) takes aspect `aspects[(n − 1) mod 8]` and depth `min(3, (n − 1) / 8)`: a full round of all
/// eight angles at each depth before going deeper (batches 1–8 foundational, 9–16 intermediate, 17–24 advanced,
/// 25 on expert). So batches 1…32 never repeat an (aspect, depth) pair; from 33 on the expert round repeats, and
/// the avoid-list keeps the questions new. Broad basics before depth also suits learners: a topic's first cards
/// cover its ground rather than one corner of it in detail. Deterministic: no state, no randomness.
///
/// ```swift
/// BatchPlanner.plan(number: 1)  // definitions and terminology, foundational
/// BatchPlanner.plan(number: 10) // key figures, intermediate
/// ```
public enum BatchPlanner {
    /// The rotating angles, broadest first.
    public static let aspects = [
        "definitions and terminology",
        "key figures",
        "dates and timeline",
        "causes and effects",
        "processes and mechanisms",
        "comparisons",
        "applications and examples",
        "common misconceptions",
    ]

    /// The plan for batch `number` (numbers below 1 are treated as 1, but kept in the plan).
    public static func plan(number: Int) -> BatchPlan {
        let index = max(number, 1) - 1
        let depths = DepthLevel.allCases
        let depth = depths[min(depths.count - 1, index / aspects.count)]
        return BatchPlan(number: number, aspect: aspects[index % aspects.count], depth: depth)
    }
}
