package import FCCore
import FCGenerator
import FCSanitizer
package import FCStore

extension Pipeline {
    /// Generates exactly batch `number` of `topic` and commits it through `commit`: the refill worker's unit of work.
    ///
    /// Same steps as ``generate(topic:batches:options:)`` for one batch (the next step of the topic's stored outline,
    /// prompt with the nearest earlier questions and the topic's language and card kinds, provider, sanitizer), but the caller picks the number and the commit, so a refill job stores its batch and finishes in
    /// one transaction:
    ///
    /// ```swift
    /// let summary = try await pipeline.generateBatch(topic: topic, number: 4, options: options) { batch in
    ///     try await JobSteps.complete(on: store, jobID: job.id, owner: workerID, batch: batch)
    /// }
    /// ```
    ///
    /// - Throws: ``BudgetExceeded`` (nothing was sent) when ``GenerationOptions/budget`` refuses the request;
    ///   the provider's ``GeneratorError`` as is (so the caller can tell transient from permanent),
    ///   ``PipelineError/fallbackRefused(topic:batch:)`` under `strict`, or whatever `commit` throws.
    package func generateBatch(
        topic: Topic,
        number: Int,
        options asked: GenerationOptions,
        commit: @Sendable (NewBatch) async throws -> StoredBatch
    ) async throws -> BatchSummary {
        // The worker never asks for an outline (a refill is one cheap request); it follows a stored one.
        let generation = try await TopicPlans.generation(on: store, topicID: topic.id)
        let options = asked.resolvingKinds(remembered: generation.kinds)
        let taken = try await BatchStorage.list(on: store, topicID: topic.id).map { ($0.plan.aspect, $0.plan.depth) }
        var schedule = PlanSchedule(topic: topic.name, outline: generation.plan, taken: taken)
        let entry = schedule.next(number: number)
        let plan = entry.plan
        let memory = PromptMemory(
            questions: try await Cards.recentQuestions(on: store, topicID: topic.id, limit: options.memoryPool))
        let avoid = memory.nearest(to: "\(plan.aspect) \(entry.focus)", limit: options.avoidListLimit)
        let held = try await topicQuestions(topicID: topic.id)
        var existingKeys = held.keys
        // Once for the job, not once per reading of the streamed reply.
        let questionIndex = held.index
        let prompt = templates.render(
            topic: topic.name, plan: plan, count: options.cardsPerBatch, avoid: avoid,
            context: BatchContext(
                focus: entry.focus, covered: entry.covered, language: options.language ?? generation.language,
                kinds: options.kinds))
        let request = GenerationRequest(
            topic: topic.name, plan: plan, count: options.cardsPerBatch, prompt: prompt, kinds: options.kinds)
        let estimate = pricing.estimate(prompt)
        let reservation = try await options.budget?.admit(
            BudgetedRequest(
                topicID: topic.id, topic: topic.name, batch: number, model: provider.model, estimate: estimate))
        var paid = 0.0
        // Settled once the reply's cost is in the ledger (or the request failed), so no other job's admission
        // misses it.
        defer { if let reservation { options.budget?.settle(reservation, cost: paid) } }
        events(.batchStarted(topic: topic.name, plan: plan))
        switch await complete(
            request, options: options, existingKeys: existingKeys, questions: questionIndex.snapshot(),
            estimate: estimate)
        {
        case .failure(let error):
            throw error
        case .success(let timed):
            paid = timed.cost ?? 0
            return try await storeBatch(
                timed, topic: topic, plan: plan, keys: &existingKeys, questionIndex: questionIndex, options,
                resend: Resend(request: request, estimate: estimate), commit: commit)
        }
    }
}
