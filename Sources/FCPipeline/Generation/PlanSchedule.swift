package import FCCore
import FCGenerator

/// Hands out the plan of each next batch of a topic: the next outline step nobody took yet, or, without an outline
/// (or once all its steps are taken), the aspect list of the topic's kind (``BatchPlanner/plan(number:topic:)``).
///
/// ```swift
/// var schedule = PlanSchedule(topic: "Roman history", outline: outline, taken: records.map { ($0.plan.aspect, $0.plan.depth) })
/// let next = schedule.next(number: 5)   // BatchPlan with step, and the step's focus
/// ```
package struct PlanSchedule: Sendable {
    /// One batch's plan with what its prompt says beyond aspect and depth.
    package struct Entry: Sendable {
        package var plan: BatchPlan
        package var focus: String
        /// Outline steps taken before this batch (stored ones and earlier batches of the run), as the prompt's
        /// "already covered" list.
        package var covered: [(subtopic: String, depths: [DepthLevel])]
    }

    package let outline: TopicOutline?
    /// The topic's name: its kind picks the aspects without an outline.
    private let topic: String
    private let steps: [TopicOutline.Step]
    private var taken: Set<Int>

    /// - Parameter taken: (aspect, depth) of the topic's stored batches.
    package init(topic: String, outline: TopicOutline?, taken batches: [(String, DepthLevel)]) {
        self.topic = topic
        self.outline = outline
        steps = outline?.steps ?? []
        taken = outline?.covered(by: batches) ?? []
    }

    /// The steps taken so far, by index.
    package var takenSteps: Set<Int> { taken }

    /// The first step not taken yet, if any.
    package var nextStep: TopicOutline.Step? { steps.first { !taken.contains($0.index) } }

    /// The plan of batch `number`, marking its step as taken.
    package mutating func next(number: Int) -> Entry {
        let covered = coveredList()
        guard let step = nextStep else {
            return Entry(plan: BatchPlanner.plan(number: number, topic: topic), focus: "", covered: covered)
        }
        taken.insert(step.index)
        return Entry(
            plan: BatchPlan(number: number, aspect: step.subtopic, depth: step.depth, step: step.index),
            focus: step.focus, covered: covered)
    }

    /// Taken steps grouped by subtopic, in outline order.
    private func coveredList() -> [(subtopic: String, depths: [DepthLevel])] {
        guard let outline else { return [] }
        let takenKeys = Set(steps.filter { taken.contains($0.index) }.map { "\($0.subtopic)\u{0}\($0.depth)" })
        return outline.subtopics.compactMap { subtopic in
            let depths = subtopic.levels.map(\.depth).filter { takenKeys.contains("\(subtopic.name)\u{0}\($0)") }
            return depths.isEmpty ? nil : (subtopic: subtopic.name, depths: depths)
        }
    }
}
