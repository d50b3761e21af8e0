import FCCore
import FCPipeline
import FCSanitizer

/// One topic's figures of `fcgen-bench live`, reported as JSON lines named `<topic>.<figure>`.
struct LiveFigures {
    var topic: String
    var tally: LiveTally
    var asked: Int
    var seconds: Double
    /// The stored plan's note: where a model's outline came from (a plain list), or why there is none.
    var planNote: String?
    /// The outline came from the plain list the model was asked for when its JSON outline was unusable.
    var outlineFromList: Bool { tally.outlineSteps != nil && planNote != nil }

    var kept: Int { tally.batches.reduce(0) { $0 + $1.kept } }
    var fallbackBatches: Int { tally.batches.filter { $0.outcome == .fallback }.count }
    /// Cards kept from the model's replies: fallback batches' templated cards are not cards.
    var realKept: Int { tally.batches.filter { $0.outcome != .fallback }.reduce(0) { $0 + $1.kept } }
    var tokens: Int { tally.batches.reduce(0) { $0 + ($1.inputTokens ?? 0) + ($1.outputTokens ?? 0) } }
    /// Distinct outline steps the stored batches covered.
    var stepsCovered: Int { Set(tally.batches.compactMap(\.step)).count }

    func report() {
        let slug = topic.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "-")
        func line(_ metric: String, _ value: Double, _ unit: String) {
            fcgen_bench.report(
                .init(benchmark: LiveBenchmark.name, metric: "\(slug).\(metric)", value: value, unit: unit))
        }
        line("cards.asked", Double(asked), "cards")
        line("cards.kept", Double(kept), "cards")
        line("cards.real", Double(realKept), "cards")
        line("cards.real_unflagged", Double(tally.unflagged), "cards")
        line("batches.stored", Double(tally.batches.count), "batches")
        line("batches.fallback", Double(fallbackBatches), "batches")
        line("batches.asked_again", Double(tally.askedAgain), "requests")
        line("near_duplicates", Double(tally.nearDuplicates), "cards")
        for rule in QualityRuleID.allCases {
            let share = tally.replied == 0 ? 0 : Double(tally.flagged[rule] ?? 0) / Double(tally.replied)
            line("flagged.\(rule.rawValue)", share * 100, "%")
        }
        line("outline.steps", Double(tally.outlineSteps ?? 0), "steps")
        line("outline.from_list", outlineFromList ? 1 : 0, "topics")
        line("steps.covered", Double(stepsCovered), "steps")
        line("seconds_per_card", realKept == 0 ? seconds : seconds / Double(realKept), "s")
        line("tokens_per_card", realKept == 0 ? Double(tokens) : Double(tokens) / Double(realKept), "tokens")
        if let failure = tally.outlineFailure { progress("live: \(topic): no outline (\(failure))") }
        if outlineFromList, let planNote { progress("live: \(topic): outline \(planNote)") }
    }
}
