import FCPipeline
import FCScheduler
import FCStore
import Foundation
import Testing

/// Knowledge levels stay inside the range the store's due query seeks.
struct KnowledgeLevelTests {
    @Test func everyLevelIsOneTheDueQueryReads() {
        let due = Date(timeIntervalSince1970: 0)
        var levels: [Int] = []
        for stability in [0.1, 1, 3, 100, 36_500, 1e12, .greatestFiniteMagnitude] {
            levels.append(KnowledgeLevel.of(CardState(phase: .review, stability: stability, due: due)))
        }
        for box in 0...7 { levels.append(KnowledgeLevel.of(CardState(phase: .review, box: box, due: due))) }
        levels.append(KnowledgeLevel.of(CardState(phase: .learning, due: due)))
        #expect(levels.allSatisfy { (0...Database.maximumLevel).contains($0) })
        #expect(levels.max() == 40)
    }
}
