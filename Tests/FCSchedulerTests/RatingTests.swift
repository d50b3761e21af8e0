import FCCore
import FCScheduler
import Testing

/// The product's ratings (0–3) and FSRS's grades (1–4) name the same four buttons.
struct RatingTests {
    @Test func productRawValuesAreZeroToThree() {
        #expect(Rating.allCases.map(\.rawValue) == [0, 1, 2, 3])
        #expect(Rating.fail < Rating.easy)
    }

    @Test func fsrsGradesMapOneToOne() {
        #expect((1...4).compactMap(Rating.init(fsrsGrade:)) == [.fail, .difficult, .good, .easy])
        #expect(Rating.allCases.map(\.fsrsGrade) == [1, 2, 3, 4])
        #expect(Rating(fsrsGrade: 0) == nil)
        #expect(Rating(fsrsGrade: 5) == nil)
    }

    @Test func defaultAlgorithmIsBadger() {
        #expect(SchedulingAlgorithm.default == .badger)
        #expect(Scheduler().algorithm == .badger)
        #expect(SchedulingAlgorithm(rawValue: "fsrs") == .fsrs)
    }
}
