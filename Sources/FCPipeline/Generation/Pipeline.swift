package import FCCore
package import FCGenerator
import FCSanitizer
public import FCStore

import struct Foundation.Date

/// Generates batches of cards for a topic: plan, prompt, provider, sanitizer, store.
///
/// Requests for the batches of one run go out concurrently (up to ``GenerationOptions/concurrency``), but each
/// batch is sanitized and committed in batch-number order, so numbering, dedup and the stored result do not
/// depend on which reply arrived first. Each batch follows the topic's outline (``PlanSchedule``; a topic without one
/// is outlined first when ``GenerationOptions/outline`` is on), and its prompt lists the earlier questions nearest to
/// its step — the topic's and those this run stored before the request went out (``PromptMemory``), a bounded number.
/// With ``GenerationOptions/stream`` each card is also reported as soon as it is read from the arriving reply
/// (``PipelineEvent/cardStreamed(topic:number:index:card:)``); the batch is still checked and committed whole.
///
/// ```swift
/// let pipeline = Pipeline(store: store, provider: provider, templates: .builtIn, clock: ContinuousClock())
/// let report = try await pipeline.generate(topic: "Roman history", batches: 3, options: GenerationOptions())
/// ```
public struct Pipeline: Sendable {
    public let store: Store
    package let provider: any LLMProvider
    package let templates: PromptTemplates
    let clock: any Clock<Duration>
    let events: PipelineEventHandler
    /// Cards from fixtures are stored with origin `fixture`, others with `generated`.
    let origin: CardOrigin
    /// Prices each reply for the usage ledger and estimates each request for budgets.
    package let pricing: Pricing
    /// Finds pictures for cards that carry an image search query (`--images`); `nil` for none.
    package var pictureFinder: CardPictureFinder?
    /// Embeds questions for duplicates by meaning (`embedding_model`); `nil` for the local measure alone.
    package var embedder: (any EmbeddingProvider)?
    /// `embedding_threshold`: the cosine from which two cards of one fact are one card.
    package var embeddingThreshold = 0.85

    package init(
        store: Store,
        provider: any LLMProvider,
        templates: PromptTemplates,
        clock: any Clock<Duration>,
        origin: CardOrigin = .generated,
        pricing: Pricing? = nil,
        events: @escaping PipelineEventHandler = { _ in }
    ) {
        self.pricing = pricing ?? Pricing(model: provider.model)
        self.store = store
        self.provider = provider
        self.templates = templates
        self.clock = clock
        self.origin = origin
        self.events = events
    }

    /// Appends `count` batches to `topicName`, continuing its batch plan.
    ///
    /// - Returns: one summary per stored batch, in batch order.
    /// - Throws: ``PipelineError/batchFailed(topic:batch:storedBefore:underlying:)`` when a batch fails (the batches
    ///   before it stay stored, later ones are not stored), ``PipelineError/fallbackRefused(topic:batch:)`` under
    ///   `strict`, or a store error.
    public func generate(topic topicName: String, batches count: Int, options asked: GenerationOptions) async throws
        -> [BatchSummary]
    {
        guard count > 0 else { return [] }
        let name = TopicNameRule.trimmed(topicName)
        if let problem = TopicNameRule.problem(with: name) { throw StoreError.invalidTopicName(problem: problem) }
        // A new topic is created with its first stored batch, in that batch's transaction: a run that fails
        // before storing anything (a refused key, an unreachable provider) leaves no empty topic behind.
        let existing = try await Topics.named(on: store, name)
        // Until then a new topic has no id; only its name is used (prompts, events), never the placeholder.
        var topic = existing ?? Topic(id: 0, name: name, createdAt: Date(timeIntervalSince1970: 0))
        var isNew = existing == nil
        let first = isNew ? 1 : try await BatchStorage.lastNumber(on: store, topicID: topic.id) + 1
        let stored = isNew ? TopicGeneration() : try await TopicPlans.generation(on: store, topicID: topic.id)
        let options = asked.resolvingKinds(remembered: stored.kinds)
        let language = options.language ?? stored.language
        let start = try await startingOutline(
            topic: name, topicID: existing?.id, first: first, stored: stored, language: language, options: options)
        var update = start.update
        let taken =
            isNew
            ? [] : try await BatchStorage.list(on: store, topicID: topic.id).map { ($0.plan.aspect, $0.plan.depth) }
        var schedule = PlanSchedule(topic: name, outline: start.outline, taken: taken)
        let entries = (first..<first + count).map { schedule.next(number: $0) }
        let plans = entries.map(\.plan)
        // Each request is built when it goes out, from the questions stored by then (this run's included).
        var memory = PromptMemory(
            questions: isNew
                ? [] : try await Cards.recentQuestions(on: store, topicID: topic.id, limit: options.memoryPool))
        // Indexed once for the run and kept in step with `existingKeys`: checking a batch for near-duplicates
        // then costs the same however many cards the topic holds.
        let held = isNew ? (keys: [], index: TopicQuestionIndex(keys: [])) : try await topicQuestions(topicID: topic.id)
        var existingKeys = held.keys
        let questionIndex = held.index

        return try await withThrowingTaskGroup(of: (Int, Result<TimedCompletion, any Error>).self) { group in
            var launched = 0
            // Each launched batch's request, sent again if its reply salvages no card.
            var resends: [Int: Resend] = [:]
            // A budget refused a request: nothing after it is sent.
            var budgetStopped = false
            /// Sends the next batch's request, if any is left and the budget admits it.
            func launchNext(
                in group: inout ThrowingTaskGroup<(Int, Result<TimedCompletion, any Error>), any Error>
            ) async {
                guard launched < plans.count, !budgetStopped else { return }
                let index = launched
                let plan = plans[index]
                let entry = entries[index]
                let avoid = memory.nearest(
                    to: "\(plan.aspect) \(entry.focus)", limit: options.avoidListLimit)
                let prompt = templates.render(
                    topic: topic.name, plan: plan, count: options.cardsPerBatch, avoid: avoid,
                    context: BatchContext(
                        focus: entry.focus, covered: entry.covered, language: language, kinds: options.kinds))
                let generation = GenerationRequest(
                    topic: topic.name, plan: plan, count: options.cardsPerBatch, prompt: prompt, kinds: options.kinds)
                launched += 1
                // Admitted in batch order, before the request exists anywhere but here.
                let estimate = pricing.estimate(prompt)
                resends[index] = Resend(request: generation, estimate: estimate)
                let reservation: BudgetReservation?
                do {
                    reservation = try await options.budget?.admit(
                        BudgetedRequest(
                            topicID: isNew ? nil : topic.id, topic: topic.name, batch: plan.number,
                            model: provider.model, estimate: estimate))
                } catch {
                    budgetStopped = true
                    group.addTask { (index, .failure(error)) }
                    return
                }
                events(.batchStarted(topic: topic.name, plan: plan))
                // The stream checks against the keys stored so far; cards stored meanwhile are caught at commit.
                let keys = existingKeys
                let questions = questionIndex.snapshot()
                group.addTask {
                    let result = await self.complete(
                        generation, options: options, existingKeys: keys, questions: questions, estimate: estimate)
                    if let reservation {
                        options.budget?.settle(reservation, cost: (try? result.get())?.cost ?? 0)
                    }
                    return (index, result)
                }
            }
            while launched < min(options.concurrency, plans.count), !budgetStopped { await launchNext(in: &group) }

            var finished: [Int: Result<TimedCompletion, any Error>] = [:]
            var summaries: [BatchSummary] = []
            for try await (index, result) in group {
                finished[index] = result
                // Store strictly in batch order; a later reply waits for the earlier ones.
                while let next = finished.removeValue(forKey: summaries.count) {
                    let plan = plans[summaries.count]
                    switch next {
                    case .failure(let error):
                        // Later replies that arrived were paid for; they are not stored now.
                        await recordRepliesLeftByAFailure(
                            finished: finished, cancelling: &group, topicID: isNew ? nil : topic.id, topic: topic.name)
                        // A budget's refusal is not a failed batch (nothing was sent): the run's error says it once.
                        if !(error is BudgetExceeded) {
                            events(.batchFailed(topic: topic.name, number: plan.number, reason: "\(error)"))
                        }
                        throw PipelineError.batchFailed(
                            topic: topic.name,
                            batch: plan.number,
                            storedBefore: summaries.count,
                            underlying: error
                        )
                    case .success(let timed):
                        var createdID: Int64?
                        var committedQuestions: [String] = []
                        let summary = try await storeBatch(
                            timed, topic: topic, plan: plan, keys: &existingKeys, questionIndex: questionIndex, options,
                            resend: resends.removeValue(forKey: summaries.count),
                            commit: { [update] batch in
                                let stored: StoredBatch
                                if let hook = options.onBatchStored {
                                    let creating = isNew ? name : nil
                                    let checkedName = try BatchStorage.checkedTopicName(creating)
                                    stored = try await store.write("store batch", patience: Store.paidWorkPatience) {
                                        db in
                                        let stored = try await BatchStorage.store(
                                            batch, creatingTopicNamed: checkedName, generation: update, in: db,
                                            at: store.now().unixMilliseconds)
                                        try await hook(db, stored)
                                        return stored
                                    }
                                } else if isNew || !update.isEmpty {
                                    stored = try await BatchStorage.store(
                                        on: store, batch, creatingTopicNamed: isNew ? name : nil, generation: update)
                                } else {
                                    stored = try await BatchStorage.store(on: store, batch)
                                }
                                if isNew { createdID = stored.record.topicID }
                                committedQuestions = stored.cards.map(\.question)
                                return stored
                            })
                        if let createdID {
                            topic.id = createdID
                            isNew = false
                        }
                        // The plan, language and kinds went in with the first stored batch.
                        update = TopicGenerationUpdate()
                        memory.add(committedQuestions)
                        events(.batchStored(topic: topic.name, summary: summary))
                        summaries.append(summary)
                    }
                }
                await launchNext(in: &group)
            }
            return summaries
        }
    }

    /// How a batch's reply is read: cloze and multiple-choice cards only when the batch asked for them.
    func sanitizerOptions(topic: String, plan: BatchPlan, kinds: GeneratedKinds) -> SanitizerOptions {
        var options = SanitizerOptions()
        options.origin = origin
        options.fallbackTopic = topic
        options.fallbackPlan = plan
        options.structuredKinds = kinds.includesStructured
        return options
    }

    /// Brings the streamed cards in line with the committed batch, so that a consumer who kept the cards streamed
    /// since the batch's last restart holds exactly the stored cards: reports the cards the stream could not read,
    /// or, when the batch differs from what was streamed, restarts the batch's stream with the stored cards.
    func finishStream(_ streamed: [CardDraft], final cards: [CardDraft], topic: String, number: Int) {
        var start = streamed.count
        if !cards.starts(with: streamed) {
            events(
                .batchRestarted(
                    topic: topic, number: number, reason: "the stored batch differs from the streamed cards"))
            start = 0
        }
        for index in cards.indices.dropFirst(start) {
            events(.cardStreamed(topic: topic, number: number, index: index, card: cards[index]))
        }
    }

    /// Sanitizes a reply and hands the batch to `commit`, which writes it in one transaction (a plain
    /// ``BatchStorage/store(on:_:)``, or a refill job's completion). The stored cards' keys go into `existingKeys` and
    /// `questionIndex`, which must hold the same keys.
    func storeBatch(
        _ timed: TimedCompletion,
        topic: Topic,
        plan: BatchPlan,
        keys existingKeys: inout Set<String>,
        questionIndex: TopicQuestionIndex,
        _ options: GenerationOptions,
        section: SourceExcerpt? = nil,
        resend: Resend? = nil,
        commit: (NewBatch) async throws -> StoredBatch
    ) async throws -> BatchSummary {
        let sanitizing = sanitizerOptions(topic: topic.name, plan: plan, kinds: options.kinds)
        // A reply that salvages no card is asked for again (`resend`) before the batch falls back.
        let first = await sanitizeAskingAgain(
            timed, resend: resend, topic: topic, plan: plan, sanitizer: Sanitizer(options: sanitizing),
            existingKeys: existingKeys, questionIndex: questionIndex, options: options)
        let timed = first.timed
        var report = first.report
        defer { for (reservation, cost) in first.held { options.budget?.settle(reservation, cost: cost) } }
        // With --review: one more request before the transaction. Its tokens and cost count in the batch's totals,
        // and it has a usage ledger row of its own (kind `review`), written with the batch's.
        var review: ReviewSummary?
        var reviewUsage: NewBatch.RequestUsage?
        var reviewCost: (reservation: BudgetReservation, cost: Double)?
        defer { if let reviewCost { options.budget?.settle(reviewCost.reservation, cost: reviewCost.cost) } }
        if needsReview(report, section: section, options: options) {
            let outcome = await self.review(
                report.cards, topic: topic, plan: plan, section: section, existingKeys: existingKeys,
                sanitizer: sanitizing, options: options)
            report.cards = outcome.cards
            if let usage = outcome.usage { reviewUsage = NewBatch.RequestUsage(usage: usage, costUSD: outcome.cost) }
            if let reservation = outcome.reservation { reviewCost = (reservation, outcome.cost ?? 0) }
            review = outcome.summary
            events(.batchReviewed(topic: topic.name, number: plan.number, review: outcome.summary))
        }
        let embedded = await dropMeaningDuplicates(
            &report, topic: topic, number: plan.number, rules: sanitizing.quality, questions: questionIndex.snapshot())
        events(.batchSanitized(topic: topic.name, number: plan.number, report: report))
        let stored: StoredBatch
        var pictures: [Int: CardPicture] = [:]
        var images: ImageTally?
        do {
            if report.outcome == .fallback && options.strict {
                throw PipelineError.fallbackRefused(topic: topic.name, batch: plan.number)
            }
            // Searched before the commit's transaction: the store lock is never held across the network.
            if let pictureFinder, report.cards.contains(where: { $0.imageQuery != nil }) {
                let found = await pictureFinder.pictures(for: report.cards)
                pictures = found.pictures
                images = found.tally
                for failure in found.failures {
                    events(
                        .imageFailed(
                            topic: topic.name, number: plan.number, query: failure.query, reason: failure.reason))
                }
            } else if pictureFinder != nil {
                images = ImageTally()
            }
            stored = try await commit(
                NewBatch(
                    topicID: topic.id,
                    plan: plan,
                    provider: provider.name,
                    model: timed.completion.model.isEmpty ? provider.model : timed.completion.model,
                    promptHash: timed.promptHash,
                    outcome: report.outcome,
                    dropped: report.dropped,
                    usage: timed.completion.usage,
                    latencyMilliseconds: Int(timed.latency / .milliseconds(1)),
                    cards: report.cards,
                    costUSD: timed.cost,
                    pictures: pictures,
                    review: reviewUsage,
                    embeddings: embedded
                )
            )
        } catch {
            // Paid for and not stored (refused under --strict, a lost lease, a failed commit): still spent.
            let topicID = topic.id == 0 ? nil : topic.id
            await recordUnstored(timed, topicID: topicID, topic: topic.name)
            if let reviewUsage {
                await recordUsage(
                    reviewUsage.usage, model: "", cost: reviewUsage.costUSD, kind: .review, topicID: topicID,
                    topic: topic.name)
            }
            if let embedded {
                await recordUsage(
                    embedded.request.usage, model: embedded.model, cost: embedded.request.costUSD, kind: .embedding,
                    topicID: topicID, topic: topic.name)
            }
            throw error
        }
        if let streamed = timed.streamed {
            // Against what was committed: the store itself skips a card another writer stored meanwhile.
            let committed = stored.cards.map {
                CardDraft(
                    kind: $0.kind, question: $0.question, answer: $0.answer, explanation: $0.explanation,
                    origin: $0.origin, imageQuery: $0.imageQuery)
            }
            finishStream(streamed, final: committed, topic: topic.name, number: plan.number)
        }
        let storedKeys = Set(stored.cards.map(\.dedupKey))
        existingKeys.formUnion(storedKeys)
        questionIndex.insert(
            cards: stored.cards.map {
                TopicQuestionIndex.Card(key: $0.dedupKey, question: $0.question, answer: $0.answer)
            })
        let record = stored.record
        return BatchSummary(
            number: record.plan.number,
            aspect: record.plan.aspect,
            depth: record.plan.depth,
            step: record.plan.step,
            outcome: record.outcome,
            kept: record.cardsKept,
            dropped: Dictionary(uniqueKeysWithValues: record.dropped.map { ($0.key.rawValue, $0.value) }),
            repairs: report.repairs.map(\.rawValue),
            inputTokens: record.usage.input,
            outputTokens: record.usage.output,
            latencyMs: record.latencyMilliseconds,
            truncated: timed.completion.truncated,
            images: images.map { tally in
                // Found pictures of cards the store skipped as duplicates were not stored.
                let skipped = pictures.keys.filter { !storedKeys.contains(report.cards[$0].dedupKey) }.count
                return ImageTally(found: tally.found - skipped, none: tally.none, failed: tally.failed)
            },
            review: review,
            askedAgain: first.askedAgain > 0 ? first.askedAgain : nil
        )
    }
}

/// Runs `body` and measures it on `clock`.
func elapsed<C: Clock<Duration>, T>(on clock: C, _ body: () async throws -> T) async rethrows -> (T, Duration) {
    let start = clock.now
    let value = try await body()
    return (value, start.duration(to: clock.now))
}
