import FCCore
import Testing

@testable import FCSanitizer

/// The sanitizer's fast ASCII dedup key must be exactly `DedupKey.make`.
struct QuestionKeyTests {
    @Test func everyASCIICharacterAgrees() {
        for value in 0..<128 {
            let character = String(UnicodeScalar(UInt8(value)))
            for text in [character, "a\(character)b", "\(character)X \(character)"] {
                #expect(QuestionKey.make(text) == DedupKey.make(text), "byte \(value)")
            }
        }
    }

    @Test func randomASCIIQuestionsAgree() {
        var generator = SplitMix64(seed: 7)
        let alphabet = Array("abcXYZ019 ?!.,;:'\"-_+=^$`|~<>()[]{}#%&*/\\@\t\n")
        for _ in 0..<2_000 {
            let length = Int.random(in: 0..<40, using: &generator)
            let text = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            #expect(QuestionKey.make(text) == DedupKey.make(text), "\(text.debugDescription)")
        }
    }

    @Test(arguments: ["Café au lait?", "ｆｕｌｌ width", "What is 2×2?", "Что такое Рим?", "ﬁre"])
    func nonASCIIFallsBackToDedupKey(_ text: String) {
        #expect(QuestionKey.make(text) == DedupKey.make(text))
    }
}
