package import FCCore
import FCGenerator
package import FCStore

extension Pipeline {
    /// Generates exactly batch `number` of `topic` and commits it through `commit`: the refill worker's unit of work.
    ///
    /// Same steps as ``generate(topic:batches:options:)`` for one batch (the next step of the topic's stored outline,
    /// prompt with the nearest earlier questions and the topic's language, provider, sanitizer), but the caller picks the number and the commit, so a refill job stores its batch and finishes in
    /// one transaction:
    ///
    /// ```swift
    /// let summary = try await pipeline.generateBatch(topic: topic, number: 4, options: options) { batch in
    ///     try await store.completeJob(jobID: job.id, owner: workerID, batch: batch)
    /// }
    /// ```
    ///
    /// - Throws: the provider's ``GeneratorError`` as is (so the caller can tell transient from permanent),
    ///   ``PipelineError/fallbackRefused(topic:batch:)`` under `strict`, or whatever `commit` throws.
    package func generateBatch(
        topic: Topic,
        number: Int,
        options: GenerationOptions,
        commit: @Sendable (NewBatch) async throws -> StoredBatch
    ) async throws -> BatchSummary {
        // The worker never asks for an outline (a refill is one cheap request); it follows a stored one.
        let generation = try await store.topicGeneration(topicID: topic.id)
        let taken = try await store.batches(topicID: topic.id).map { ($0.plan.aspect, $0.plan.depth) }
        var schedule = PlanSchedule(outline: generation.plan, taken: taken)
        let entry = schedule.next(number: number)
        let plan = entry.plan
        let memory = PromptMemory(
            questions: try await store.recentQuestions(topicID: topic.id, limit: options.memoryPool))
        let avoid = memory.nearest(to: "\(plan.aspect) \(entry.focus)", limit: options.avoidListLimit)
        var existingKeys = try await store.dedupKeys(topicID: topic.id)
        let prompt = templates.render(
            topic: topic.name, plan: plan, count: options.cardsPerBatch, avoid: avoid,
            context: BatchContext(
                focus: entry.focus, covered: entry.covered, language: options.language ?? generation.language))
        let request = GenerationRequest(topic: topic.name, plan: plan, count: options.cardsPerBatch, prompt: prompt)
        events(.batchStarted(topic: topic.name, plan: plan))
        switch await complete(request, options: options, existingKeys: existingKeys) {
        case .failure(let error):
            throw error
        case .success(let timed):
            return try await storeBatch(timed, topic: topic, plan: plan, keys: &existingKeys, options, commit: commit)
        }
    }
}
