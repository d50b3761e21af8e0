import FCCore
import Testing

struct CardLimitsTests {
    @Test func standardLimitsAreTheDocumentedOnes() {
        // docs/guide.md and docs/cards.md promise 500 / 1000 / 2000 characters.
        #expect(CardLimits.standard == CardLimits(questionMax: 500, answerMax: 1000, explanationMax: 2000))
    }
}
