import FCCore
import FCGenerator
import FCTestSupport
import Foundation
import Testing

/// `--kinds`: what the batch prompt says about each kind asked for, and the schema each provider sends.
struct CardKindsRequestTests {
    static func kinds(_ list: String) throws -> GeneratedKinds { try GeneratedKinds.parse(list).get() }

    static func prompt(_ kinds: GeneratedKinds) -> String {
        PromptTemplates.builtIn.render(
            topic: "Roman history", plan: Fixtures.plan, count: 5, avoid: [], context: BatchContext(kinds: kinds)
        ).user
    }

    @Test func aBackslashBeforeBracesKeepsThemLiteral() throws {
        let template = try Template(
            parsing: #"Write \{{c1::Romulus}} for {{topic}}; \{{ alone; {{#topic}}\{{c2::x}}{{/topic}}"#, file: "t.txt",
            known: ["topic"])
        #expect(template.render(["topic": "Rome"]) == "Write {{c1::Romulus}} for Rome; {{ alone; {{c2::x}}")
        #expect(template.render([:]) == "Write {{c1::Romulus}} for ; {{ alone; ")
        // Without the backslash the same text is an unknown placeholder, named when the template is read.
        #expect(throws: GeneratorError.unknownPlaceholder(file: "t.txt", placeholder: "c1::Romulus")) {
            try Template(parsing: "Write {{c1::Romulus}}", file: "t.txt", known: ["topic"])
        }
    }

    @Test func theStandardPromptIsTheOneGenerationAlwaysSent() {
        let user = Self.prompt(.standard)
        #expect(user.contains(#"- "type" is one of "question", "definition", "truefalse" or "fillblank"."#))
        #expect(user.contains(#"- A "truefalse" card states a claim in the question"#))
        #expect(user.contains(#"- A "fillblank" card writes the missing part"#))
        #expect(!user.contains("cloze") && !user.contains("options") && !user.contains("{{"))
        #expect(!user.contains("\n\n\n"), "left-out sections leave no blank lines")
        #expect(!user.contains(".\n\n- A "), "kept kind sections in a row leave no blank line between their rules")
    }

    @Test func sectionTagsOnConsecutiveLinesLeaveNoBlankLine() throws {
        let template = try Template(
            parsing: "Rules:\n{{#a}}\n- a\n{{/a}}\n{{#b}}\n- b\n{{/b}}\n{{#c}}\n- c\n{{/c}}\nEnd", file: "t.txt",
            known: ["a", "b", "c"])
        #expect(template.render(["a": "1", "b": "1", "c": "1"]) == "Rules:\n- a\n- b\n- c\nEnd")
        #expect(template.render(["a": "1", "c": "1"]) == "Rules:\n- a\n- c\nEnd")
        #expect(template.render([:]) == "Rules:\nEnd")
    }

    @Test func clozeAndMultipleChoiceRulesReachTheModelWithAnkiSyntaxIntact() throws {
        let user = Self.prompt(try Self.kinds("question,cloze,mcq"))
        #expect(user.contains(#"- "type" is one of "question", "cloze" or "mcq"."#))
        #expect(user.contains(#""{{c1::Romulus}} founded Rome in {{c2::753 BC}}.""#))
        #expect(user.contains("Anki's cloze syntax, {{c1::part}}"))
        #expect(!user.contains(#"\{{"#), "the escape is not sent")
        #expect(user.contains(#"Every other card has "options": []."#))
        #expect(!user.contains(#"A "definition" card"#) && !user.contains(#"A "truefalse" card"#))
        #expect(!user.contains(#"A "fillblank" card"#))
        let onlyCloze = Self.prompt(try Self.kinds("cloze"))
        #expect(onlyCloze.contains(#"- "type" is one of "cloze"."#) && !onlyCloze.contains("options"))
    }

    private static func cardItem(_ schema: [String: Any]?) -> [String: Any]? {
        ((schema?["properties"] as? [String: Any])?["cards"] as? [String: Any])?["items"] as? [String: Any]
    }

    @Test(arguments: [StructuredOutputMode.jsonSchema, .jsonObjectSchema])
    func openAISchemaAllowsTheAskedKindsAndOptions(mode: StructuredOutputMode) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([], default: .init(json: Fixtures.openAIBody()))
        var request = Fixtures.request()
        request.kinds = try Self.kinds("question,cloze,mcq")
        _ = try await OpenAIProviderTests.provider(server, mode: mode).complete(request)
        _ = try await OpenAIProviderTests.provider(server, mode: mode).complete(Fixtures.request())
        let sent = try await server.requests()
        try #require(sent.count == 2)
        let format = sent[0].value("response_format") as? [String: Any]
        let schema = mode == .jsonSchema ? (format?["json_schema"] as? [String: Any])?["schema"] : format?["schema"]
        let item = try #require(Self.cardItem(schema as? [String: Any]))
        let properties = try #require(item["properties"] as? [String: Any])
        #expect((properties["type"] as? [String: Any])?["enum"] as? [String] == ["question", "cloze", "mcq"])
        let options = try #require(properties["options"] as? [String: Any])
        #expect(options["type"] as? String == "array")
        #expect((options["items"] as? [String: Any])?["type"] as? String == "string")
        #expect(
            item["required"] as? [String] == ["question", "answer", "explanation", "type", "options", "image_query"])
        #expect(item["additionalProperties"] as? Bool == false)

        let plainFormat = sent[1].value("response_format") as? [String: Any]
        let plainSchema =
            mode == .jsonSchema ? (plainFormat?["json_schema"] as? [String: Any])?["schema"] : plainFormat?["schema"]
        let plain = try #require(Self.cardItem(plainSchema as? [String: Any]))
        #expect((plain["properties"] as? [String: Any])?["options"] == nil)
        #expect(plain["required"] as? [String] == ["question", "answer", "explanation", "type", "image_query"])
    }

    @Test func geminiSchemaAllowsTheAskedKindsAndOrdersOptionsLast() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([], default: .init(json: GeminiProviderTests.reply))
        var request = Fixtures.request()
        request.kinds = try Self.kinds("question,definition,mcq")
        _ = try await GeminiProviderTests.provider(server).complete(request)
        let sent = try #require(try await server.requests().first)
        let schema = sent.value("generationConfig", "responseSchema") as? [String: Any]
        let item = try #require(Self.cardItem(schema))
        let properties = try #require(item["properties"] as? [String: Any])
        #expect((properties["type"] as? [String: Any])?["enum"] as? [String] == ["question", "definition", "mcq"])
        #expect((properties["options"] as? [String: Any])?["type"] as? String == "ARRAY")
        #expect(
            item["propertyOrdering"] as? [String] == [
                "question", "answer", "explanation", "type", "options", "image_query",
            ])
        #expect(item["required"] as? [String] == ["question", "answer", "explanation", "type"])
    }
}
