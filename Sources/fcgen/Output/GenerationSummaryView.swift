import FCCore
import FCPipeline

/// The per-batch summary `fcgen generate` prints.
struct GenerationSummaryView {
    var report: GenerationReport

    func render() -> String {
        var table = TextTable([
            ("batch", .right), ("aspect", .left), ("depth", .left), ("outcome", .left), ("kept", .right),
            ("dropped", .left), ("tokens in/out", .right), ("ms", .right),
        ])
        for batch in report.batches {
            let dropped =
                batch.dropped.isEmpty
                ? "-" : batch.dropped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            let tokens = "\(batch.inputTokens.map(String.init) ?? "-")/\(batch.outputTokens.map(String.init) ?? "-")"
            table.append([
                "\(batch.number)", batch.aspect, batch.depth.rawValue,
                batch.outcome.rawValue + (batch.truncated ? " (truncated)" : ""), "\(batch.kept)", dropped, tokens,
                "\(batch.latencyMs)",
            ])
        }
        let fallbacks = report.batches.filter { $0.outcome == .fallback }.count
        var lines = [
            "\(report.topic): \(Plural.count(report.batches.count, "batch")), \(Plural.count(report.cardsKept, "card")) stored "
                + "(provider \(report.provider), model \(report.model))",
            table.render(),
        ]
        if fallbacks > 0 {
            lines.append(
                "note: \(Plural.count(fallbacks, "batch")) fell back to templated study cards (origin \"fallback\")")
            lines.append(
                "note: \(Plural.count(report.fallbackCardsKept, "fallback card")) stored for inspection; not studied "
                    + "(learn, quiz, due and session start leave them out unless --include-fallback)")
        }
        if let images = report.images {
            lines.append("images: \(images.found) found, \(images.none) none, \(images.failed) failed")
        }
        if let review = report.review {
            var line = review.line
            let unreviewed = review.failed + review.skipped
            if unreviewed > 0 { line += "; \(Plural.count(unreviewed, "batch")) stored unreviewed (see the warnings)" }
            lines.append(line)
        }
        lines.append("database: \(report.database)")
        return lines.joined(separator: "\n")
    }
}
