import FCCore
import FCTestSupport
import Foundation
import Testing

@testable import FCGenerator

struct StructuredOutputTests {
    /// llama-cpp-python's real answer to `json_schema` (the recorded sample d_openai_json_schema): HTTP 500.
    static let llamaRejection = #"""
        {"error":{"message":"1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema'}","type":"internal_server_error","param":null,"code":null}}
        """#
    let ok = StubTransport.Reply.json(Fixtures.openAIBody())

    func provider(_ transport: StubTransport, events: EventLog, mode: StructuredOutputMode = .jsonSchema)
        -> any LLMProvider
    {
        makeProvider(
            Fixtures.settings(baseURL: URL(string: "http://stub.invalid/v1"), structured: mode),
            transport: transport,
            clock: ImmediateClock(),
            random: RandomSource(seed: 1),
            events: events.handler
        )
    }

    static func formatType(_ request: LLMHTTPRequest) -> String? {
        (request.json?["response_format"] as? [String: Any])?["type"] as? String
    }

    static func hasSchema(_ request: LLMHTTPRequest) -> Bool {
        guard let format = request.json?["response_format"] as? [String: Any] else { return false }
        return format["schema"] != nil || (format["json_schema"] as? [String: Any])?["schema"] != nil
    }

    @Test func rejectionStepsDownOnceWithoutSpendingRetries() async throws {
        let transport = StubTransport(replies: [.json(status: 500, Self.llamaRejection), ok, ok])
        let events = EventLog()
        let provider = provider(transport, events: events)
        let completion = try await provider.complete(Fixtures.request())
        #expect(completion.text == Fixtures.cardsText)
        let sent = transport.requests
        #expect(sent.count == 2)
        #expect(Self.formatType(sent[0]) == "json_schema")
        #expect(Self.formatType(sent[1]) == "json_object" && Self.hasSchema(sent[1]))
        #expect(events.retryDelays.isEmpty)
        guard case .structuredOutputDowngraded("openai", .jsonSchema, .jsonObjectSchema, let reason) = events.all.first
        else {
            Issue.record("no downgrade event: \(events.all)")
            return
        }
        #expect(reason.hasPrefix("HTTP 500"))
        #expect(reason.contains("response_format"))

        // The run remembers: the next batch starts at the lower mode.
        _ = try await provider.complete(Fixtures.request())
        #expect(Self.formatType(transport.requests[2]) == "json_object")
        #expect(events.all.count == 1)
    }

    @Test func walksTheWholeChainDownToNoFormat() async throws {
        let reject = StubTransport.Reply.json(status: 400, #"{"error":{"message":"response_format not supported"}}"#)
        let transport = StubTransport(replies: [reject, reject, reject, ok])
        let events = EventLog()
        _ = try await provider(transport, events: events).complete(Fixtures.request())
        let sent = transport.requests
        #expect(sent.count == 4)
        #expect(sent.map(Self.formatType) == ["json_schema", "json_object", "json_object", nil])
        #expect(sent.map(Self.hasSchema) == [true, true, false, false])
        #expect(
            events.all.map { event -> String in
                guard case .structuredOutputDowngraded(_, let from, let to, _) = event else { return "?" }
                return "\(from.rawValue)>\(to.rawValue)"
            } == ["json_schema>json_object_schema", "json_object_schema>json_object", "json_object>none"]
        )
    }

    @Test func unrelatedClientErrorsAreNotMistakenForRejections() async {
        let overflow =
            #"{"error":{"message":"This model's maximum context length is 4096 tokens.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}"#
        let transport = StubTransport(replies: [.json(status: 400, overflow), ok])
        let events = EventLog()
        do {
            _ = try await provider(transport, events: events).complete(Fixtures.request())
            Issue.record("expected a rejection")
        } catch let error as GeneratorError {
            #expect(error.description.contains("HTTP 400"))
            #expect(error.description.contains("maximum context length"))
            #expect(error.description.contains("max output tokens"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(transport.requests.count == 1)
        #expect(events.all.isEmpty)
    }

    @Test func withoutAFormatA500IsJustAServerError() async throws {
        let transport = StubTransport(replies: [.json(status: 500, Self.llamaRejection), ok])
        let events = EventLog()
        _ = try await provider(transport, events: events, mode: .none).complete(Fixtures.request())
        #expect(transport.requests.count == 2)
        #expect(events.retryDelays.count == 1)
        #expect(transport.requests.allSatisfy { $0.json?["response_format"] == nil })
    }

    @Test func concurrentRejectionsDowngradeOnce() async throws {
        let transport = StubTransport { request, _ in
            let body = String(decoding: request.body, as: UTF8.self)
            if body.contains("json_schema") {
                return LLMHTTPResponse(status: 500, body: Data(Self.llamaRejection.utf8))
            }
            return LLMHTTPResponse(status: 200, body: Data(Fixtures.openAIBody().utf8))
        }
        let events = EventLog()
        let provider = provider(transport, events: events)
        try await withThrowingTaskGroup(of: Completion.self) { group in
            for _ in 0..<8 { group.addTask { try await provider.complete(Fixtures.request()) } }
            for try await completion in group { #expect(completion.text == Fixtures.cardsText) }
        }
        #expect(events.all.count == 1)
        #expect(events.retryDelays.isEmpty)
    }
}
