import FCCore
import FCPipeline
import FCStore
import Foundation
import Testing

/// `StudyQueue.order` on its own: a seed gives one queue whatever order the store returned ties in.
struct StudyQueueOrderTests {
    @Test func cardsDueTogetherGiveOneQueuePerSeedWhateverOrderTheStoreReturnedThem() {
        let moment = Date(timeIntervalSince1970: 1_800_000_000)
        let weak = (1...20).map { DueCandidate(cardID: Int64($0), level: 0, due: moment) }
        let strong = (21...40).map { DueCandidate(cardID: Int64($0), level: 3, due: moment) }
        func queue(_ due: [DueCandidate], seed: UInt64) -> [Int64] {
            var rng = SplitMix64(seed: seed)
            return StudyQueue.order(due: due, new: [99, 98], limit: 45, using: &rng)
        }
        var shuffler = SplitMix64(seed: 77)
        let asStored = weak + strong
        let otherwise = weak.shuffled(using: &shuffler) + strong.shuffled(using: &shuffler)

        let first = queue(asStored, seed: 5)
        #expect(first == queue(otherwise, seed: 5))
        #expect(first != queue(asStored, seed: 6), "the seed still shuffles")
        // Weakest level first, each level whole, then the new cards in the order given.
        #expect(Set(first[0..<20]) == Set(weak.map(\.cardID)))
        #expect(Set(first[20..<40]) == Set(strong.map(\.cardID)))
        #expect(Array(first[40...]) == [99, 98])
    }
}
