package import FCCore
package import Foundation

/// The system and batch templates prompts are rendered from (see `prompts/README.md`).
///
/// ```swift
/// let templates = try PromptTemplates.load(from: URL(fileURLWithPath: "prompts"))
/// let prompt = templates.render(topic: "Roman history", plan: BatchPlanner.plan(number: 1), count: 10, avoid: [])
/// ```
package struct PromptTemplates: Sendable, Hashable {
    /// The placeholders templates may use, in the order `prompts/README.md` lists them.
    package static let placeholders = [
        "topic", "count", "aspect", "depth", "depth_guidance", "batch_number", "avoid_list", "focus", "covered",
        "language", "directions", "types", "kind_definition", "kind_truefalse", "kind_fillblank", "kind_cloze",
        "kind_mcq",
    ]
    /// File names inside a prompts folder.
    package static let systemFileName = "system.txt"
    package static let batchFileName = "batch.txt"
    /// The review pass's user message (`fcgen generate --review`); optional in a prompts folder.
    package static let reviewFileName = "review.txt"

    /// The system template's text, as loaded (surrounding blank lines removed).
    package let systemSource: String
    /// The batch template's text, as loaded (surrounding blank lines removed).
    package let batchSource: String
    /// The review template's text, as loaded (surrounding blank lines removed).
    package let reviewSource: String
    /// Bounds for the rendered `{{avoid_list}}`.
    package var avoidLimits: AvoidListLimits

    private let system: Template
    private let batch: Template
    let review: Template

    /// Parses the templates.
    /// - Throws: ``GeneratorError/unknownPlaceholder(file:placeholder:)`` naming the file and the placeholder, or
    ///   ``GeneratorError/invalidTemplate(file:detail:)``.
    package init(
        system: String, batch: String, review: String = builtInReview, avoidLimits: AvoidListLimits = AvoidListLimits()
    ) throws {
        let known = Set(Self.placeholders)
        systemSource = Self.normalize(system)
        batchSource = Self.normalize(batch)
        reviewSource = Self.normalize(review)
        self.system = try Template(parsing: systemSource, file: Self.systemFileName, known: known)
        self.batch = try Template(parsing: batchSource, file: Self.batchFileName, known: known)
        self.review = try Template(
            parsing: reviewSource, file: Self.reviewFileName, known: Set(Self.reviewPlaceholders))
        self.avoidLimits = avoidLimits
    }

    /// The templates fcgen ships, identical to the repository's `prompts/` folder.
    package static let builtIn: PromptTemplates = {
        do {
            return try PromptTemplates(system: builtInSystem, batch: builtInBatch, review: builtInReview)
        } catch {
            // The built-in text is checked by the test suite; failing here is a programmer bug.
            preconditionFailure("built-in prompt templates are invalid: \(error)")
        }
    }()

    /// Reads `system.txt`, `batch.txt` and, when present, `review.txt` from `directory` (a folder without
    /// `review.txt` reviews with the built-in one).
    /// - Throws: ``GeneratorError/promptsMissing(path:)`` when the folder or a file is missing, and the parsing
    ///   errors of ``init(system:batch:avoidLimits:)``.
    package static func load(from directory: URL) throws -> PromptTemplates {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw GeneratorError.promptsMissing(path: directory.path) }
        func read(_ name: String) throws -> String {
            let url = directory.appendingPathComponent(name, isDirectory: false)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw GeneratorError.promptsMissing(path: url.path)
            }
            return String(decoding: data, as: UTF8.self)
        }
        let reviewURL = directory.appendingPathComponent(reviewFileName, isDirectory: false)
        let review = FileManager.default.fileExists(atPath: reviewURL.path) ? try read(reviewFileName) : builtInReview
        return try PromptTemplates(system: read(systemFileName), batch: read(batchFileName), review: review)
    }

    /// Renders the prompt for one batch.
    /// - Parameters:
    ///   - topic: The topic's name; collapsed to one line and capped at 200 characters.
    ///   - plan: The batch's number, aspect and depth (``BatchPlanner/plan(number:)``).
    ///   - count: How many cards to ask for.
    ///   - avoid: Questions already in the topic, newest first; bounded by ``avoidLimits``.
    /// - Returns: The system and user messages and their hash.
    package func render(topic: String, plan: BatchPlan, count: Int, avoid: [String]) -> Prompt {
        render(topic: topic, plan: plan, count: count, avoid: avoid, context: BatchContext())
    }

    /// Renders the prompt for one batch with what the run knows beyond the plan: the outline step's focus, the
    /// steps already covered and the cards' language (see ``BatchContext``).
    package func render(topic: String, plan: BatchPlan, count: Int, avoid: [String], context: BatchContext)
        -> Prompt
    {
        var topicLine = topic.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        if topicLine.count > 200 { topicLine = String(topicLine.prefix(200)) }
        var values = [
            "topic": topicLine,
            "count": String(count),
            "aspect": plan.aspect,
            "depth": plan.depth.rawValue,
            "depth_guidance": plan.depth.guidance,
            "batch_number": String(plan.number),
            "avoid_list": avoidLimits.render(avoid),
            "focus": context.focus,
            "covered": context.renderedCovered,
            "language": context.language.map(LanguageInstruction.displayName) ?? "",
            "directions": LanguageInstruction.directions(topic: topicLine) ?? "",
            "types": Self.typeList(context.kinds),
        ]
        for kind in GeneratedKinds.allowed where kind != .question {
            values["kind_" + kind.rawValue] = context.kinds.contains(kind) ? kind.rawValue : ""
        }
        return Prompt(system: system.render(values).trimmed, user: batch.render(values).trimmed)
    }

    /// `"question", "definition", "truefalse" or "fillblank"`: the kinds as the batch prompt lists them.
    static func typeList(_ kinds: GeneratedKinds) -> String {
        let quoted = kinds.kinds.map { "\"\($0.rawValue)\"" }
        guard quoted.count > 1 else { return quoted.joined() }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
    }

    /// Unix line endings, no blank lines at either end: editors disagree about final newlines.
    static func normalize(_ text: String) -> String {
        var text = text.replacingOccurrences(of: "\r\n", with: "\n")
        while text.hasSuffix("\n") || text.hasSuffix(" ") { text.removeLast() }
        while text.hasPrefix("\n") { text.removeFirst() }
        return text
    }

    package static func == (lhs: PromptTemplates, rhs: PromptTemplates) -> Bool {
        lhs.systemSource == rhs.systemSource && lhs.batchSource == rhs.batchSource
            && lhs.reviewSource == rhs.reviewSource && lhs.avoidLimits == rhs.avoidLimits
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(systemSource)
        hasher.combine(batchSource)
        hasher.combine(reviewSource)
        hasher.combine(avoidLimits)
    }
}
