import FCCore
import Testing

struct LanguageTagTests {
    @Test(arguments: [
        ("de", "de"), ("cs", "cs"), ("PT-br", "pt-BR"), ("zh-hant-tw", "zh-Hant-TW"), ("es-419", "es-419"),
        ("sl-rozaj-biske", "sl-rozaj-biske"), ("de-CH-1996", "de-CH-1996"),
        ("en-US-u-ca-gregory", "en-US-u-ca-gregory"),
        ("x-klingon", "x-klingon"), ("en-x-private", "en-x-private"), ("zh-yue-HK", "zh-yue-HK"),
    ])
    func wellFormedTagsAreRecased(input: String, canonical: String) {
        #expect(LanguageTag(input)?.value == canonical)
        #expect(LanguageTag.problem(with: input) == nil)
    }

    @Test(arguments: [
        "", "english", "d", "de_DE", "de-", "-de", "de--DE", "de DE", "de-DE-x", "12", "en-u", "de-1996-1996",
        "de-a-foo-a-bar", "ĉeĥa", "en-US-toolongsubtag1",
    ])
    func malformedTagsAreRefusedNamingTheText(input: String) {
        #expect(LanguageTag(input) == nil)
        let problem = LanguageTag.problem(with: input)
        #expect(problem?.contains("\"\(input)\" is not a BCP 47 language tag") == true)
    }
}
