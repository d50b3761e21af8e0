import FCCore
import FCGenerator
import FCSanitizer

extension Pipeline {
    /// A batch's request, kept so that a reply which salvages no card can be asked for once more
    /// (``GenerationOptions/fallbackRetries``).
    struct Resend: Sendable {
        var request: GenerationRequest
        /// The request's worst-case cost, for the budget; `nil` when the model has no price.
        var estimate: Double?
    }

    /// A reply received on asking again, and the budget's reservation for it (settled once the batch is stored or
    /// its reply recorded as unstored).
    struct Resent: Sendable {
        var timed: TimedCompletion
        var reservation: BudgetReservation?
    }

    /// Why a reply gives no card, for the ``PipelineEvent/batchAskedAgain(topic:number:attempt:reason:)`` event.
    static func emptyReplyReason(_ report: SanitizerReport) -> String {
        guard report.droppedCount > 0 else { return "the reply held no card" }
        let reasons = report.dropped.sorted { ($1.value, $0.key.rawValue) < ($0.value, $1.key.rawValue) }
            .prefix(3).map { "\($0.key.rawValue) \($0.value)" }
        return "all \(report.droppedCount) cards of the reply were dropped (\(reasons.joined(separator: ", ")))"
    }

    /// Sends `resend` once more, unstreamed, after the budget admits it. `nil` when the budget refuses it or the
    /// request fails: the batch then falls back as it would have without asking again.
    func send(_ resend: Resend, topicID: Int64?, options: GenerationOptions) async -> Resent? {
        let request = resend.request
        let reservation: BudgetReservation?
        do {
            reservation = try await options.budget?.admit(
                BudgetedRequest(
                    topicID: topicID, topic: request.topic, batch: request.plan.number, model: provider.model,
                    estimate: resend.estimate))
        } catch {
            return nil
        }
        do {
            let (completion, latency) = try await elapsed(on: clock) { try await provider.complete(request) }
            let timed = TimedCompletion(
                completion: completion, promptHash: request.prompt.hash, latency: latency,
                cost: pricing.cost(of: completion, estimate: resend.estimate))
            return Resent(timed: timed, reservation: reservation)
        } catch {
            if let reservation { options.budget?.settle(reservation, cost: 0) }
            return nil
        }
    }

    /// Sanitizes `timed`'s reply; while it salvages no card and ``GenerationOptions/fallbackRetries`` allows, sends
    /// the request again and takes the new reply instead. Each discarded reply gets its usage ledger row (kind
    /// `unstored`); the reply kept carries the latency of every attempt. Returns the reply kept, its report, how
    /// many times the request was sent again, and the reservations to settle once the batch is stored.
    func sanitizeAskingAgain(
        _ first: TimedCompletion, resend: Resend?, topic: Topic, plan: BatchPlan, sanitizer: Sanitizer,
        existingKeys: Set<String>, questionIndex: TopicQuestionIndex, options: GenerationOptions
    ) async -> (timed: TimedCompletion, report: SanitizerReport, askedAgain: Int, held: [(BudgetReservation, Double)]) {
        var timed = first
        var report = sanitizer.sanitize(
            timed.completion.text, truncated: timed.completion.truncated, existingKeys: existingKeys,
            questions: questionIndex.snapshot())
        var askedAgain = 0
        var held: [(BudgetReservation, Double)] = []
        let topicID = topic.id == 0 ? nil : topic.id
        while report.outcome == .fallback, askedAgain < options.fallbackRetries, let resend {
            askedAgain += 1
            events(
                .batchAskedAgain(
                    topic: topic.name, number: plan.number, attempt: askedAgain,
                    reason: Self.emptyReplyReason(report)))
            guard let resent = await send(resend, topicID: topicID, options: options) else { break }
            // The discarded reply was paid for.
            await recordUnstored(timed, topicID: topicID, topic: topic.name)
            if let streamed = timed.streamed, !streamed.isEmpty {
                events(
                    .batchRestarted(
                        topic: topic.name, number: plan.number, reason: "the reply salvaged no card; asked again"))
            }
            var next = resent.timed
            next.latency += timed.latency
            next.streamed = timed.streamed.map { _ in [] }
            if let reservation = resent.reservation { held.append((reservation, next.cost ?? 0)) }
            timed = next
            report = sanitizer.sanitize(
                timed.completion.text, truncated: timed.completion.truncated, existingKeys: existingKeys,
                questions: questionIndex.snapshot())
        }
        return (timed, report, askedAgain, held)
    }
}
