import FCCore
import Testing

@testable import FCGenerator

struct BatchPlannerTests {
    @Test func batchesOneToFourteenNeverRepeatAnAspectDepthPair() {
        var seen = Set<String>()
        for number in 1...14 {
            let plan = BatchPlanner.plan(number: number)
            #expect(seen.insert("\(plan.aspect)|\(plan.depth)").inserted, "batch \(number) repeats a pair")
        }
        #expect(seen.count == 14)
        #expect(BatchPlanner.plan(number: 15).aspect == BatchPlanner.plan(number: 7).aspect)
    }

    @Test func consecutiveBatchesNeverShareAnAspect() {
        for number in 1...40 {
            #expect(BatchPlanner.plan(number: number).aspect != BatchPlanner.plan(number: number + 1).aspect)
        }
    }

    @Test func depthRisesWithTheBatchNumber() {
        let depths = (1...40).map { BatchPlanner.plan(number: $0).depth }
        let order = DepthLevel.allCases
        for (earlier, later) in zip(depths, depths.dropFirst()) {
            #expect(order.firstIndex(of: earlier) ?? 0 <= order.firstIndex(of: later) ?? 0)
        }
        #expect(BatchPlanner.plan(number: 1).depth == .foundational)
        #expect(BatchPlanner.plan(number: 2).depth == .foundational)
        #expect(BatchPlanner.plan(number: 3).depth == .intermediate)
        #expect(BatchPlanner.plan(number: 5).depth == .advanced)
        #expect(BatchPlanner.plan(number: 7).depth == .expert)
        #expect(BatchPlanner.plan(number: 100).depth == .expert)
    }

    @Test func planIsDeterministicAndKeepsTheNumber() {
        for number in [1, 2, 7, 8, 33, 250] {
            #expect(BatchPlanner.plan(number: number) == BatchPlanner.plan(number: number))
            #expect(BatchPlanner.plan(number: number).number == number)
        }
        #expect(BatchPlanner.plan(number: 1).aspect == "definitions and terminology")
        #expect(BatchPlanner.plan(number: 2).aspect == "key figures")
    }

    @Test func rotatesThroughAtLeastEightDistinctAspects() {
        #expect(Set(BatchPlanner.aspects).count >= 8)
        let firstRound = Set((1...BatchPlanner.aspects.count).map { BatchPlanner.plan(number: $0).aspect })
        #expect(firstRound == Set(BatchPlanner.aspects))
    }

    @Test func numbersBelowOneAreTreatedAsTheFirstBatch() {
        #expect(BatchPlanner.plan(number: 0).aspect == BatchPlanner.plan(number: 1).aspect)
        #expect(BatchPlanner.plan(number: -5).depth == .foundational)
    }
}
