import FCCore
import Testing

/// The fast path of `DedupKey.make` must agree exactly with the reference definition.
struct DedupKeyFastPathTests {
    @Test func everyASCIICharacterAgrees() {
        for value in 0..<128 {
            let character = String(UnicodeScalar(UInt8(value)))
            for text in [character, "a\(character)b", "\(character)X \(character)"] {
                #expect(DedupKey.make(text) == DedupKey.reference(text), "byte \(value)")
            }
        }
    }

    @Test func everyScalarOfTheFirstTwoPlanesAgrees() {
        var mismatches: [String] = []
        for value in Array(UInt32(0x80)...0xFFFF) + Array(UInt32(0x1_0000)...0x1_FFFF) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a\(Character(scalar))b \(Character(scalar))"
            if DedupKey.make(text) != DedupKey.reference(text) { mismatches.append(String(value, radix: 16)) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(50))")
    }

    @Test func randomQuestionsAgree() {
        var generator = SplitMix64(seed: 7)
        let alphabet = Array(
            "abcXYZ019 ?!.,;:'\"-_+=^$`|~<>()[]{}#%&*/\\@\t\nÉéÖßЖжΣσςΩ中文かカ한국ÅK€√×—’«»\u{A0}\u{301}ﬁＡ")
        for _ in 0..<2_000 {
            let length = Int.random(in: 0..<40, using: &generator)
            let text = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            #expect(DedupKey.make(text) == DedupKey.reference(text), "\(text.debugDescription)")
        }
    }

    @Test(arguments: ["Café au lait?", "ｆｕｌｌ width", "What is 2×2?", "Что такое Рим?", "ﬁre", "cafe\u{301}"])
    func examplesAgree(_ text: String) {
        #expect(DedupKey.make(text) == DedupKey.reference(text))
    }
}
