public import FCCore
import FCSanitizer
package import FCStore
public import Foundation

/// A topic's plan and where the topic is in it: what `fcgen topic plan NAME` shows.
public struct TopicPlanReport: Sendable, Codable, Equatable {
    /// One outline step and the batch that took it, if any.
    public struct Step: Sendable, Codable, Equatable {
        public var index: Int
        public var subtopic: String
        public var level: DepthLevel
        public var focus: String
        /// The number of the batch that took this step; `nil` while it is still to come.
        public var batch: Int?
    }

    /// The plan as stored.
    public struct Plan: Sendable, Codable, Equatable {
        /// `model`, `edited` or `fallback`; `nil` when the topic has never been outlined.
        public var source: String?
        /// Why the plan fell back.
        public var note: String?
        public var updatedAt: Date?
        public var subtopics: [TopicOutline.Subtopic]?
    }

    public var topic: String
    public var language: String?
    public var plan: Plan
    public var steps: [Step]
    public var covered: Int
    public var total: Int
    /// The step the topic's next batch takes; `nil` when the outline is done or missing (batches then use the
    /// aspect list of the topic's kind).
    public var next: Step?

    /// Reads the topic's plan and batches.
    package static func load(on store: Store, topic: Topic) async throws -> TopicPlanReport {
        let generation = try await TopicPlans.generation(on: store, topicID: topic.id)
        let batches = try await BatchStorage.list(on: store, topicID: topic.id)
        let outline = generation.plan
        var takenBy: [String: Int] = [:]
        for batch in batches {
            let key = "\(batch.plan.aspect.lowercased())\u{0}\(batch.plan.depth.rawValue)"
            if takenBy[key] == nil { takenBy[key] = batch.plan.number }
        }
        let steps = (outline?.steps ?? []).map { step in
            Step(
                index: step.index, subtopic: step.subtopic, level: step.depth, focus: step.focus,
                batch: takenBy["\(step.subtopic.lowercased())\u{0}\(step.depth.rawValue)"])
        }
        return TopicPlanReport(
            topic: topic.name,
            language: generation.language?.value,
            plan: Plan(
                source: generation.planSource?.rawValue, note: generation.planNote,
                updatedAt: generation.planUpdatedAt, subtopics: outline?.subtopics),
            steps: steps,
            covered: steps.filter { $0.batch != nil }.count,
            total: steps.count,
            next: steps.first { $0.batch == nil })
    }

    /// Replaces the topic's plan with the outline in the JSON file at `path` (`fcgen topic plan NAME --edit FILE`),
    /// checked strictly first: on any problem nothing is written.
    ///
    /// - Throws: ``PipelineError/input(file:problem:)`` naming the file and the problem (a JSON error's line, or
    ///   the path of the first bad value, such as `subtopics[1].levels[0].level`).
    package static func replacePlan(on store: Store, topic: Topic, path: String) async throws -> TopicOutline {
        let (descriptor, _) = try RegularFile.open(path)
        defer { close(descriptor) }
        let bytes = try RegularFile.read(descriptor, upTo: maxFileBytes + 1, path: path)
        guard bytes.count <= maxFileBytes else {
            throw PipelineError.input(file: path, problem: "larger than \(maxFileBytes) bytes; a plan is much smaller")
        }
        let outline: TopicOutline
        do {
            outline = try OutlineReader.readFile(bytes)
        } catch {
            throw PipelineError.input(file: path, problem: error.message)
        }
        try await TopicPlans.update(on: store, TopicGenerationUpdate(plan: (outline, .edited, nil)), topicID: topic.id)
        return outline
    }

    /// Plans are a few kilobytes; anything much larger is not one.
    static let maxFileBytes = 256 * 1024
}
