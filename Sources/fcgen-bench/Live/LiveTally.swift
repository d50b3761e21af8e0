import FCCore
import FCPipeline
import FCSanitizer
import Synchronization

/// What one topic's run of `fcgen-bench live` produced, collected from the pipeline's events.
struct LiveTally: Sendable {
    /// Steps of the topic's outline (`nil`: no outline could be had, and why).
    var outlineSteps: Int?
    var outlineFailure: String?
    /// Cards the replies held, before any rule: kept plus dropped, per sanitized batch.
    var replied = 0
    /// Per quality rule, the cards it flagged (kept, fixed or dropped).
    var flagged: [QualityRuleID: Int] = [:]
    var nearDuplicates = 0
    /// Cards of real replies (not fallback) kept with no quality rule's flag: the batch's cards a learner gets as
    /// they should be. A card kept under its kind's salvage flag (`salvaged:…`) counts, a rule's flag does not.
    var unflagged = 0
    var batches: [BatchSummary] = []
    /// Requests sent again because a reply salvaged no card.
    var askedAgain = 0

    private static let ruleFlags = Set(QualityRuleID.allCases.map(\.rawValue))

    /// Adds one event of the topic's run.
    mutating func add(_ event: PipelineEvent) {
        switch event {
        case .outlineReady(_, _, let steps): outlineSteps = steps
        case .outlineFallback(_, let reason): outlineFailure = reason
        case .batchSanitized(_, _, let report):
            replied += report.cards.count + report.droppedCount
            for (rule, tally) in report.quality { flagged[rule, default: 0] += tally.flagged }
            nearDuplicates += report.quality[.nearDuplicate]?.dropped ?? 0
            if report.outcome != .fallback {
                unflagged += report.cards.filter { !$0.flags.contains(where: Self.ruleFlags.contains) }.count
            }
        case .batchStored(_, let summary): batches.append(summary)
        case .batchAskedAgain: askedAgain += 1
        default: break
        }
    }
}

/// The events of the topic being run, gathered from the pipeline's tasks.
final class LiveEvents: Sendable {
    private let tally = Mutex(LiveTally())

    func record(_ event: PipelineEvent) { tally.withLock { $0.add(event) } }

    /// The tally so far, started afresh for the next topic.
    func take() -> LiveTally {
        tally.withLock { tally in
            defer { tally = LiveTally() }; return tally
        }
    }
}
