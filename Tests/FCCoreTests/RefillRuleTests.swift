import FCCore
import Testing

/// The refill rule's one definition (the store's SQL is checked against it on both engines in FCStoreTests).
struct RefillRuleTests {
    @Test func fallbackCardsAreNotStockAndTheLearnerFurthestAheadDecides() {
        let cards = [
            RefillRule.StockCard(origin: .fallback, studiedBy: [1]), RefillRule.StockCard(origin: .generated),
            RefillRule.StockCard(origin: .manual, studiedBy: [2]), RefillRule.StockCard(origin: .fallback),
            RefillRule.StockCard(origin: .generated, studiedBy: [2]),
        ]
        // Study cards: generated, manual, generated = 3; learner 2 studied 2 of them, learner 1 none of them.
        #expect(RefillRule.unstudiedCount(cards) == 1)
        #expect(RefillRule.unstudiedCount([]) == 0)
        #expect(RefillRule.unstudiedCount([.init(origin: .fallback), .init(origin: .fallback)]) == 0)
        #expect(RefillRule.isStudyMaterial(.fallback) == false)
        #expect(CardOrigin.allCases.filter(RefillRule.isStudyMaterial).count == CardOrigin.allCases.count - 1)
    }

    @Test func aRefillIsDueBelowTheThresholdUntilTheBatchLimit() {
        let policy = TopicPolicy(refillBelow: 20, batchSize: 15, maxBatches: 3)
        #expect(RefillRule.isDue(policy: policy, unstudied: 19, batches: 2))
        #expect(!RefillRule.isDue(policy: policy, unstudied: 20, batches: 2), "at the threshold: enough stock")
        #expect(!RefillRule.isDue(policy: policy, unstudied: 0, batches: 3), "the batch limit reached")
        #expect(RefillRule.isDue(policy: TopicPolicy(refillBelow: 1, batchSize: 5), unstudied: 0, batches: 500))
        #expect(!RefillRule.isDue(policy: nil, unstudied: 0, batches: 0), "not subscribed")
    }
}
