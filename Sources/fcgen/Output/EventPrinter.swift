import FCCore
import FCGenerator
import FCPipeline
import Foundation

/// Turns pipeline events into progress lines on stderr: text for people, JSON lines for machines.
struct EventPrinter: Sendable {
    var format: LogFormat
    /// Quiet drops per-batch progress; warnings (retries, downgrades, failures) still print.
    var quiet: Bool

    func handle(_ event: PipelineEvent) {
        switch format {
        case .text:
            if let line = text(event) { Console.err(line) }
        case .json:
            Console.err(jsonLine(event))
        }
    }

    private func text(_ event: PipelineEvent) -> String? {
        switch event {
        case .batchStarted(let topic, let plan):
            return quiet ? nil : "[\(topic)] batch \(plan.number): \(plan.aspect), \(plan.depth.rawValue) — requesting"
        case .batchStored(let topic, let summary):
            return quiet
                ? nil
                : "[\(topic)] batch \(summary.number): \(summary.outcome.rawValue), kept \(summary.kept), "
                    + "dropped \(summary.droppedTotal), \(summary.latencyMs) ms"
        case .batchFailed(let topic, let number, let reason):
            return "[\(topic)] batch \(number) failed: \(reason)"
        case .generator(let event):
            return "warning: \(event)"
        }
    }

    private func jsonLine(_ event: PipelineEvent) -> String {
        var fields: [String: String] = [:]
        switch event {
        case .batchStarted(let topic, let plan):
            fields = [
                "event": "batch_started", "topic": topic, "batch": "\(plan.number)", "aspect": plan.aspect,
                "depth": plan.depth.rawValue,
            ]
        case .batchStored(let topic, let summary):
            fields = [
                "event": "batch_stored", "topic": topic, "batch": "\(summary.number)",
                "outcome": summary.outcome.rawValue, "kept": "\(summary.kept)", "dropped": "\(summary.droppedTotal)",
                "latency_ms": "\(summary.latencyMs)",
            ]
        case .batchFailed(let topic, let number, let reason):
            fields = ["event": "batch_failed", "topic": topic, "batch": "\(number)", "reason": reason]
        case .generator(let event):
            fields = ["event": "generator", "detail": "\(event)"]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
