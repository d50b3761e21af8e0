import FCCore
import FCGenerator
import FCSanitizer
import FCSources
import FCStore

import struct Foundation.Date

extension Pipeline {
    /// Appends batches made from the sections of `document` to `topicName`: `batchesPerSection` batches per
    /// section (the first foundational, each next one a level deeper), in section order, each prompt quoting its
    /// section and asking for cards about that text only.
    ///
    /// Sections are read as batches go out, so at most about ``GenerationOptions/concurrency`` of them are in
    /// memory. Each batch commits in one transaction with its cards and their provenance (source, section, span);
    /// the first also stores the source row (and a new topic), so a run that stores nothing leaves nothing behind.
    ///
    /// - Throws: as ``generate(topic:batches:options:)``.
    package func generate(
        topic topicName: String, from document: SourceDocument, batchesPerSection: Int, options: GenerationOptions
    ) async throws -> [BatchSummary] {
        // The source prompt is built in and asks for the standard kinds only; its replies are read as such.
        let options = {
            var standard = options
            standard.kinds = .standard
            return standard
        }()
        let name = TopicNameRule.trimmed(topicName)
        if let problem = TopicNameRule.problem(with: name) { throw StoreError.invalidTopicName(problem: problem) }
        let existing = try await Topics.named(on: store, name)
        var topic = existing ?? Topic(id: 0, name: name, createdAt: Date(timeIntervalSince1970: 0))
        var isNew = existing == nil
        let firstNumber = isNew ? 1 : try await BatchStorage.lastNumber(on: store, topicID: topic.id) + 1
        let stored = isNew ? TopicGeneration() : try await TopicPlans.generation(on: store, topicID: topic.id)
        let language = options.language ?? stored.language
        var update = TopicGenerationUpdate(language: options.language == stored.language ? nil : options.language)
        var memory = PromptMemory(
            questions: isNew
                ? [] : try await Cards.recentQuestions(on: store, topicID: topic.id, limit: options.memoryPool))
        let held = isNew ? (keys: [], index: TopicQuestionIndex(keys: [])) : try await topicQuestions(topicID: topic.id)
        var existingKeys = held.keys
        let questionIndex = held.index  // kept in step with existingKeys
        var source = SourceReference.new(
            NewSource(
                fileName: document.name, format: document.format.rawValue, sha256: document.sha256,
                byteCount: document.byteCount, sectionCount: document.sectionCount))
        var work = SourceWork(
            reader: try document.sections(), batchesPerSection: max(1, batchesPerSection), nextNumber: firstNumber)
        let system = templates.render(
            topic: name, plan: BatchPlanner.plan(number: 1), count: options.cardsPerBatch, avoid: [],
            context: BatchContext(language: language)
        ).system

        typealias Finished = (Int, Result<TimedCompletion, any Error>)
        return try await withThrowingTaskGroup(of: Finished.self) { group in
            var launched = 0
            var inFlight: [Int: SourceWork.Item] = [:]
            // A budget refused a request: nothing after it is sent.
            var budgetStopped = false
            /// Sends the next batch's request, if any section is left and the budget admits it.
            func launchNext(in group: inout ThrowingTaskGroup<Finished, any Error>) async throws {
                guard !budgetStopped, let item = try work.next() else { return }
                let index = launched
                inFlight[index] = item
                let avoid = memory.nearest(
                    to: item.section.title + " " + item.section.text.prefix(400), limit: options.avoidListLimit)
                let excerpt = SourceExcerpt(
                    fileName: document.name, title: item.section.title, text: item.section.text)
                let user = SourcePrompt.render(
                    topic: name, excerpt: excerpt, count: options.cardsPerBatch, depth: item.plan.depth,
                    batchesPerSection: work.batchesPerSection, avoid: templates.avoidLimits.render(avoid),
                    language: language)
                let prompt = Prompt(system: system, user: user)
                let request = GenerationRequest(
                    topic: name, plan: item.plan, count: options.cardsPerBatch, prompt: prompt, source: excerpt)
                launched += 1
                // Admitted in batch order, before the request exists anywhere but here (as topic batches are).
                let estimate = pricing.estimate(prompt)
                let reservation: BudgetReservation?
                do {
                    reservation = try await options.budget?.admit(
                        BudgetedRequest(
                            topicID: isNew ? nil : topic.id, topic: name, batch: item.plan.number,
                            model: provider.model, estimate: estimate))
                } catch {
                    budgetStopped = true
                    group.addTask { (index, .failure(error)) }
                    return
                }
                events(.batchStarted(topic: name, plan: item.plan))
                let keys = existingKeys
                let questions = questionIndex.snapshot()
                group.addTask {
                    let result = await self.complete(
                        request, options: options, existingKeys: keys, questions: questions, estimate: estimate)
                    if let reservation {
                        options.budget?.settle(reservation, cost: (try? result.get())?.cost ?? 0)
                    }
                    return (index, result)
                }
            }
            for _ in 0..<options.concurrency { try await launchNext(in: &group) }

            var finished: [Int: Result<TimedCompletion, any Error>] = [:]
            var summaries: [BatchSummary] = []
            for try await (index, result) in group {
                finished[index] = result
                // Store strictly in batch order; a later reply waits for the earlier ones.
                while let next = finished.removeValue(forKey: summaries.count),
                    let item = inFlight.removeValue(forKey: summaries.count)
                {
                    switch next {
                    case .failure(let error):
                        // Later replies that arrived were paid for; they are not stored now.
                        await recordRepliesLeftByAFailure(
                            finished: finished, cancelling: &group, topicID: isNew ? nil : topic.id, topic: name)
                        // A budget's refusal is not a failed batch (nothing was sent): the run's error says it once.
                        if !(error is BudgetExceeded) {
                            events(.batchFailed(topic: name, number: item.plan.number, reason: "\(error)"))
                        }
                        throw PipelineError.batchFailed(
                            topic: name, batch: item.plan.number, storedBefore: summaries.count, underlying: error)
                    case .success(let timed):
                        var createdID: Int64?
                        var committedQuestions: [String] = []
                        var sourceID: Int64?
                        let summary = try await storeBatch(
                            timed, topic: topic, plan: item.plan, keys: &existingKeys, questionIndex: questionIndex,
                            options,
                            section: SourceExcerpt(
                                fileName: document.name, title: item.section.title, text: item.section.text),
                            commit: { [update, source] batch in
                                let result = try await BatchStorage.storeFromSource(
                                    on: store, batch, source: source, section: item.provenance,
                                    creatingTopicNamed: isNew ? name : nil, generation: update)
                                if isNew { createdID = result.stored.record.topicID }
                                committedQuestions = result.stored.cards.map(\.question)
                                sourceID = result.sourceID
                                return result.stored
                            })
                        if let sourceID { source = .stored(id: sourceID) }
                        if let createdID {
                            topic.id = createdID
                            isNew = false
                        }
                        update = TopicGenerationUpdate()
                        memory.add(committedQuestions)
                        events(.batchStored(topic: name, summary: summary))
                        summaries.append(summary)
                    }
                }
                try await launchNext(in: &group)
            }
            return summaries
        }
    }
}

/// The batches of a source run, made lazily: the next section when the current one has had its batches.
struct SourceWork {
    struct Item {
        var plan: BatchPlan
        var section: SourceSection
        var provenance: SectionProvenance {
            SectionProvenance(
                index: section.index, title: section.title, start: section.start, end: section.end,
                page: section.page)
        }
    }

    let reader: SourceSectionReader
    let batchesPerSection: Int
    var nextNumber: Int
    private var current: SourceSection?
    private var taken = 0

    init(reader: SourceSectionReader, batchesPerSection: Int, nextNumber: Int) {
        self.reader = reader
        self.batchesPerSection = batchesPerSection
        self.nextNumber = nextNumber
    }

    /// Batch k of a section asks at the k-th depth (expert for every batch past the fourth).
    mutating func next() throws -> Item? {
        if current == nil || taken == batchesPerSection {
            guard let section = try reader.next() else { return nil }
            current = section
            taken = 0
        }
        guard let section = current else { return nil }
        taken += 1
        let depth = DepthLevel.allCases[min(taken, DepthLevel.allCases.count) - 1]
        var aspect = section.title
        if aspect.count > 200 { aspect = String(aspect.prefix(199)) + "…" }
        defer { nextNumber += 1 }
        return Item(plan: BatchPlan(number: nextNumber, aspect: aspect, depth: depth), section: section)
    }
}
