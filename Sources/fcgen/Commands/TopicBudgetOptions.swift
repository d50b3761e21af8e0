import ArgumentParser
import FCPipeline
import FCStore

/// `--daily-budget USD` and `--no-daily-budget`, shared by `topic add` and `topic set`.
struct TopicBudgetOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Let the refill worker spend at most this many US dollars per UTC day on the topic.",
            discussion: "A refill job whose request could cross it is skipped and left queued until the next UTC "
                + "day. Needs the model's price in the config's prices.",
            valueName: "usd"))
    var dailyBudget: Double?

    @Flag(help: "Remove the topic's daily budget.") var noDailyBudget = false

    func validate() throws {
        if let dailyBudget, !(dailyBudget > 0 && dailyBudget <= Money.largestBudget) {
            throw ValidationError("--daily-budget must be greater than 0 and at most 1000000 (US dollars, e.g. 0.50)")
        }
        if noDailyBudget, dailyBudget != nil {
            throw ValidationError("give either --daily-budget or --no-daily-budget")
        }
    }

    var isEmpty: Bool { dailyBudget == nil && !noDailyBudget }

    /// Writes the change, if any.
    func apply(topicID: Int64, in store: Store) async throws {
        guard !isEmpty else { return }
        let budget = noDailyBudget ? nil : dailyBudget
        try await UsageLedger.setDailyBudget(on: store, budget, topicID: topicID)
    }
}
