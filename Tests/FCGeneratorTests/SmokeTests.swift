import Testing

@testable import FCGenerator

struct SmokeTests {
    @Test func builtInTemplatesParse() {
        #expect(!PromptTemplates.builtIn.systemSource.isEmpty)
    }
}
