import FCCore
import Testing

struct DedupKeyTests {
    @Test(arguments: [
        ("What is  the Senate?", "what is the senate"),
        ("WHO was Caesar", "who was caesar?"),
        ("Café au lait", "cafe\u{301} au lait"),
        ("ｆｕｌｌ width", "full width"),
        ("  leading, trailing.  ", "leading trailing"),
    ])
    func equalKeysForVariantsOfOneQuestion(_ a: String, _ b: String) {
        #expect(DedupKey.make(a) == DedupKey.make(b))
    }

    @Test func keepsSymbolsThatChangeMeaning() {
        #expect(DedupKey.make("What is 2+2?") != DedupKey.make("What is 2×2?"))
        #expect(DedupKey.make("What is 2+2?") == "what is 2+2")
    }

    @Test func differentQuestionsDiffer() {
        #expect(DedupKey.make("Who founded Rome?") != DedupKey.make("Who sacked Rome?"))
    }
}
