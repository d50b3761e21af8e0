package import FCCore
package import FCGenerator
import FCSanitizer
package import FCStore

extension Pipeline {
    /// What asking a model for a topic's outline gave.
    package enum OutlineResult: Sendable {
        /// A usable outline; `note` says when it came from the plain list (``AspectListPrompt``) because the JSON
        /// outline was unusable, and why.
        case outline(TopicOutline, note: String?)
        /// Neither reply held a usable outline (the reason names what was wrong with each).
        case unusable(String)
        /// The request failed (the provider's error).
        case failed(GeneratorError)
        /// A budget refused the request before it was sent (``BudgetExceeded``, or a model without a price).
        case refused(any Error)
    }

    /// Asks the provider for `topic`'s outline (``OutlinePrompt``) and reads the reply leniently
    /// (``OutlineReader/readReply(_:)``). When that reply is unusable (a small model answers the nested shape with
    /// an empty or one-item list), asks once more in the simpler form a small model can answer, a plain numbered
    /// list of subtopics (``AspectListPrompt``, read by ``AspectListReader``); only when that fails too is the
    /// result ``OutlineResult/unusable(_:)``.
    /// Each request is checked against `budget` first and its usage goes to the ledger, usable or not.
    package func requestOutline(
        topic: String, language: LanguageTag?, topicID: Int64? = nil, budget: (any RequestBudget)? = nil
    ) async -> OutlineResult {
        let outlineRequest = GenerationRequest.outline(
            topic: topic, prompt: OutlinePrompt.render(topic: topic, language: language))
        let outlineProblem: String
        switch await sendPlanRequest(outlineRequest, topicID: topicID, budget: budget) {
        case .success(let text):
            do {
                return .outline(try OutlineReader.readReply(text), note: nil)
            } catch {
                outlineProblem = error.message
            }
        case .failure(let failure):
            return failure.result
        }
        let listRequest = GenerationRequest.aspectList(
            topic: topic, prompt: AspectListPrompt.render(topic: topic, language: language))
        switch await sendPlanRequest(listRequest, topicID: topicID, budget: budget) {
        case .success(let text):
            do {
                let outline = try AspectListReader.read(text, topic: topic)
                return .outline(
                    outline, note: "from a plain list of subtopics (the outline was unusable: \(outlineProblem))")
            } catch {
                return .unusable("\(outlineProblem); the plain list: \(error.message)")
            }
        case .failure(.failed(let error)):
            return .unusable("\(outlineProblem); the plain list's request failed: \(error)")
        case .failure(let failure):
            return failure.result
        }
    }

    /// Sends one request of a topic's plan (the outline, or its plain list): the budget admits it first, its usage
    /// goes to the ledger as an outline request. The reply's text, or why there is none.
    private func sendPlanRequest(
        _ request: GenerationRequest, topicID: Int64?, budget: (any RequestBudget)?
    ) async -> Result<String, PlanRequestFailure> {
        let topic = request.topic
        let estimate = pricing.estimate(request.prompt)
        let reservation: BudgetReservation?
        do {
            reservation = try await budget?.admit(
                BudgetedRequest(topicID: topicID, topic: topic, batch: 0, model: provider.model, estimate: estimate))
        } catch {
            return .failure(.refused(error))
        }
        let completion: Completion
        do {
            completion = try await provider.complete(request)
        } catch let error as GeneratorError {
            if let reservation { budget?.settle(reservation, cost: 0) }
            return .failure(.failed(error))
        } catch {
            if let reservation { budget?.settle(reservation, cost: 0) }
            return .failure(.failed(.badResponse(provider: provider.name, detail: "\(error)")))
        }
        let cost = pricing.cost(of: completion, estimate: estimate)
        await recordUsage(completion, cost: cost, kind: .outline, topicID: topicID, topic: topic)
        if let reservation { budget?.settle(reservation, cost: cost ?? 0) }
        return .success(completion.text)
    }

    /// Asks again for the outline of a stored topic and replaces its plan (`fcgen topic plan NAME --regenerate`).
    /// Coverage is by (subtopic, level), so steps of the new outline that earlier batches already took stay taken.
    ///
    /// - Throws: the provider's ``GeneratorError``, or ``GeneratorError/badResponse(provider:detail:)`` when the
    ///   reply holds no usable outline; the stored plan is then left as it was.
    package func regenerateOutline(topic: Topic, budget: (any RequestBudget)? = nil) async throws -> TopicOutline {
        let language = try await TopicPlans.generation(on: store, topicID: topic.id).language
        switch await requestOutline(topic: topic.name, language: language, topicID: topic.id, budget: budget) {
        case .outline(let outline, let note):
            try await TopicPlans.update(
                on: store,
                TopicGenerationUpdate(plan: (outline, .model, note)), topicID: topic.id)
            return outline
        case .unusable(let reason):
            throw GeneratorError.badResponse(provider: provider.name, detail: "unusable outline: \(reason)")
        case .failed(let error):
            throw error
        case .refused(let error):
            throw error
        }
    }

    /// The plan state a run starts from: the stored outline, or a new one asked for when the topic has none and
    /// ``GenerationOptions/outline`` is on. A usable new outline, or the fallback with its reason, is what the run's
    /// first stored batch writes (`update`), with a language or card kinds the run asked for that the topic did not
    /// remember.
    ///
    /// - Throws: ``PipelineError/batchFailed(topic:batch:storedBefore:underlying:)`` for batch `first` when the
    ///   outline request itself fails (a refused key, a provider unavailable after retries): its batches would go
    ///   to the same provider, so the run stops before storing anything, with the provider's error and exit code.
    func startingOutline(
        topic: String, topicID: Int64?, first: Int, stored: TopicGeneration, language: LanguageTag?,
        options: GenerationOptions
    ) async throws -> (outline: TopicOutline?, update: TopicGenerationUpdate) {
        var update = TopicGenerationUpdate(
            language: options.language == stored.language ? nil : options.language,
            kinds: options.askedKinds == stored.kinds ? nil : options.askedKinds)
        guard stored.planSource == nil, options.outline else { return (stored.plan, update) }
        switch await requestOutline(topic: topic, language: language, topicID: topicID, budget: options.budget) {
        case .outline(let outline, let note):
            events(.outlineReady(topic: topic, subtopics: outline.subtopics.count, steps: outline.steps.count))
            update.plan = (outline, .model, note)
            return (outline, update)
        case .unusable(let reason):
            events(.outlineFallback(topic: topic, reason: "the model's outline is unusable: \(reason)"))
            update.plan = (nil, .fallback, reason)
            return (nil, update)
        case .failed(let error):
            events(.batchFailed(topic: topic, number: first, reason: "the outline request failed: \(error)"))
            throw PipelineError.batchFailed(topic: topic, batch: first, storedBefore: 0, underlying: error)
        case .refused(let error):
            throw error
        }
    }
}

/// Why a plan request gave no text.
enum PlanRequestFailure: Error {
    /// The request failed (the provider's error).
    case failed(GeneratorError)
    /// A budget refused it before it was sent.
    case refused(any Error)

    /// The same as an outline result.
    var result: Pipeline.OutlineResult {
        switch self {
        case .failed(let error): .failed(error)
        case .refused(let error): .refused(error)
        }
    }
}
