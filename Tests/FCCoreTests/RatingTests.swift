import FCCore
import Testing

@Suite("Rating: FSRS grades from outside")
struct RatingTests {
    @Test("grades 1 to 4 are the four ratings, in order")
    func grades() {
        #expect((1...4).map { Rating(fsrsGrade: $0) } == [.fail, .difficult, .good, .easy])
        #expect(Rating.allCases.map(\.fsrsGrade) == [1, 2, 3, 4])
    }

    @Test(
        "any other grade is nil, the extremes included (no arithmetic traps)",
        arguments: [Int.min, Int.min + 1, -1, 0, 5, 6, Int.max - 1, Int.max])
    func outOfRange(grade: Int) {
        #expect(Rating(fsrsGrade: grade) == nil)
    }
}
