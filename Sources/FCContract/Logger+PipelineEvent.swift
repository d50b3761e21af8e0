import FCCore
package import FCGenerator
package import FCPipeline
import FCSanitizer
package import Logging

extension Logger {
    /// Logs a generation event: progress (and, when streaming, each card as it is read) at `info`, a
    /// withdrawn stream as a notice, a failed batch as a warning (the run's error line follows).
    ///
    /// Text lines keep fcgen's progress shape (`[Roman history] batch 1: …`); the metadata names the event for
    /// `--log-format json`.
    package func log(_ event: PipelineEvent) {
        switch event {
        case .outlineReady(let topic, let subtopics, let steps):
            info(
                "[\(topic)] outline: \(Plural.count(subtopics, "subtopic")), \(Plural.count(steps, "step"))",
                metadata: [
                    "event": "outline_ready", "topic": "\(topic)", "subtopics": .stringConvertible(subtopics),
                    "steps": .stringConvertible(steps),
                ])
        case .outlineFallback(let topic, let reason):
            warning(
                "[\(topic)] no outline (\(reason)); batches use the aspects of the topic's kind",
                metadata: ["event": "outline_fallback", "topic": "\(topic)", "reason": "\(reason)"])
        case .batchStarted(let topic, let plan):
            info(
                "[\(topic)] batch \(plan.number): \(plan.aspect), \(plan.depth.rawValue) — requesting",
                metadata: [
                    "event": "batch_started", "topic": "\(topic)", "batch": .stringConvertible(plan.number),
                    "aspect": "\(plan.aspect)", "depth": "\(plan.depth.rawValue)",
                ])
        case .batchStored(let topic, let summary):
            let line =
                "[\(topic)] batch \(summary.number): \(summary.outcome.rawValue), kept \(summary.kept), "
                + "dropped \(summary.droppedTotal), \(summary.latencyMs) ms"
            info(
                "\(line)",
                metadata: [
                    "event": "batch_stored", "topic": "\(topic)", "batch": .stringConvertible(summary.number),
                    "outcome": "\(summary.outcome.rawValue)", "kept": .stringConvertible(summary.kept),
                    "dropped": .stringConvertible(summary.droppedTotal),
                    "latency_ms": .stringConvertible(summary.latencyMs),
                ])
        case .batchAskedAgain(let topic, let number, let attempt, let reason):
            notice(
                "[\(topic)] batch \(number): \(reason); asking again (\(attempt))",
                metadata: [
                    "event": "batch_asked_again", "topic": "\(topic)", "batch": .stringConvertible(number),
                    "attempt": .stringConvertible(attempt), "reason": "\(reason)",
                ])
        case .batchReviewed(let topic, let number, let review):
            var metadata: Logger.Metadata = [
                "event": "batch_reviewed", "topic": "\(topic)", "batch": .stringConvertible(number),
                "status": "\(review.status.rawValue)", "before": .stringConvertible(review.before),
                "after": .stringConvertible(review.after), "rewritten": .stringConvertible(review.rewritten),
                "dropped": .stringConvertible(review.dropped), "kept": .stringConvertible(review.kept),
            ]
            if let warning = review.warning {
                metadata["warning"] = "\(warning)"
                self.warning("[\(topic)] batch \(number): \(warning); stored as sanitized", metadata: metadata)
            } else {
                info("[\(topic)] batch \(number): \(review.line)", metadata: metadata)
            }
        case .batchFailed(let topic, let number, let reason):
            warning(
                "[\(topic)] batch \(number) failed: \(reason)",
                metadata: [
                    "event": "batch_failed", "topic": "\(topic)", "batch": .stringConvertible(number),
                    "reason": "\(reason)",
                ])
        case .cardStreamed(let topic, let number, let index, _):
            // Log lines carry no card text; a consumer that shows cards takes them from the event itself.
            info(
                "[\(topic)] batch \(number): card \(index + 1) streamed",
                metadata: [
                    "event": "card_streamed", "topic": "\(topic)", "batch": .stringConvertible(number),
                    "index": .stringConvertible(index),
                ])
        case .batchRestarted(let topic, let number, let reason):
            notice(
                "[\(topic)] batch \(number): streamed cards withdrawn (\(reason)); streaming again",
                metadata: [
                    "event": "batch_restarted", "topic": "\(topic)", "batch": .stringConvertible(number),
                    "reason": "\(reason)",
                ])
        case .imageFailed(let topic, let number, let query, let reason):
            warning(
                "[\(topic)] batch \(number): no picture for \"\(query)\" (\(reason)); the card is stored without one",
                metadata: [
                    "event": "image_failed", "topic": "\(topic)", "batch": .stringConvertible(number),
                    "query": "\(query)", "reason": "\(reason)",
                ])
        case .batchSanitized(let topic, let number, let report):
            let flagged = report.quality.filter { $0.value.flagged > 0 }.map {
                "\($0.key.rawValue) \($0.value.flagged)"
            }
            let listed = flagged.isEmpty ? "" : ", flagged: " + flagged.sorted().joined(separator: ", ")
            debug(
                "[\(topic)] batch \(number): \(report.cards.count) cards to store\(listed)",
                metadata: ["event": "batch_sanitized", "topic": "\(topic)", "batch": .stringConvertible(number)])
        case .embeddingFailed(let topic, let number, let reason):
            warning(
                "[\(topic)] batch \(number): embeddings failed (\(reason)); duplicates checked by wording only",
                metadata: [
                    "event": "embedding_failed", "topic": "\(topic)", "batch": .stringConvertible(number),
                    "reason": "\(reason)",
                ])
        case .generator(let event):
            log(event)
        }
    }

    /// Logs what a provider did on the way to a completion: a retry or a downgrade is a warning, a rate-limit
    /// wait a notice. Generator events carry no API keys and no request bodies.
    package func log(_ event: GeneratorEvent) {
        switch event {
        case .retrying(let provider, let attempt, let delay, let reason):
            warning(
                "\(event)",
                metadata: [
                    "event": "request_retried", "provider": "\(provider)", "attempt": .stringConvertible(attempt),
                    "delay_ms": .stringConvertible(delay.wholeMilliseconds), "reason": "\(reason)",
                ])
        case .rateLimited(let provider, let delay):
            notice(
                "\(event)",
                metadata: [
                    "event": "rate_limited", "provider": "\(provider)",
                    "delay_ms": .stringConvertible(delay.wholeMilliseconds),
                ])
        case .structuredOutputDowngraded(let provider, let from, let to, let reason):
            warning(
                "\(event)",
                metadata: [
                    "event": "structured_output_downgraded", "provider": "\(provider)", "from": "\(from.rawValue)",
                    "to": "\(to.rawValue)", "reason": "\(reason)",
                ])
        }
    }
}
