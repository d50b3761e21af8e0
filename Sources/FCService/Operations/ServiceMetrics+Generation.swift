import FCCore
import FCPipeline
import Prometheus

extension ServiceMetrics {
    /// Counts a stored batch by outcome, and the tokens its request used.
    func countBatch(_ summary: BatchSummary) {
        registry.makeCounter(
            name: "fcgen_generation_batches_total", labels: [("outcome", summary.outcome.rawValue)]
        ).increment()
        if let input = summary.inputTokens {
            registry.makeCounter(name: "fcgen_generation_tokens_total", labels: [("kind", "input")])
                .increment(by: Int64(input))
        }
        if let output = summary.outputTokens {
            registry.makeCounter(name: "fcgen_generation_tokens_total", labels: [("kind", "output")])
                .increment(by: Int64(output))
        }
    }

    /// Counts a finished generation by how it ended.
    func countGeneration(status: String) {
        registry.makeCounter(name: "fcgen_generations_total", labels: [("status", status)]).increment()
    }

    /// Counts a generation a request cancelled (`DELETE /v1/generations/{id}`), queued or running.
    func countCancellation() {
        registry.makeCounter(name: "fcgen_generation_cancellations_total").increment()
    }
}
