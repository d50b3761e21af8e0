import FCCore
import FCGenerator
import FCTestSupport
import Foundation
import Synchronization
import Testing

/// Collects what a streaming provider reports, with the instant each update arrived.
final class StreamRecorder: Sendable {
    private let state = Mutex<[(StreamUpdate, ContinuousClock.Instant)]>([])

    var updates: [StreamUpdate] { state.withLock { $0.map(\.0) } }
    var textInstants: [ContinuousClock.Instant] {
        state.withLock { $0.compactMap { if case .text = $0.0 { $0.1 } else { nil } } }
    }
    /// The text of the last attempt.
    var lastAttemptText: String {
        var text = ""
        for update in updates {
            switch update {
            case .attemptStarted: text = ""
            case .text(let piece): text += piece
            }
        }
        return text
    }

    var handler: StreamHandler {
        { [self] update in state.withLock { $0.append((update, ContinuousClock.now)) } }
    }
}

/// Streaming requests over real HTTP to the loopback stub, backoffs on an ImmediateClock.
struct StreamingProviderTests {
    static let policy = RetryPolicy(maxAttempts: 3, baseDelay: .seconds(1), maxDelay: .seconds(30), jitter: .none)

    static func provider(
        _ kind: ProviderKind, base: URL, structured: StructuredOutputMode = .none, clock: ImmediateClock = .init(),
        events: EventLog = .init(), timeoutSeconds: Int = TestPatience.seconds
    ) -> any LLMProvider {
        makeProvider(
            Fixtures.settings(
                kind, baseURL: base, apiKey: "key-1", structured: structured, timeoutSeconds: timeoutSeconds,
                retry: policy),
            transport: TestHTTPClient.transport(), clock: clock, random: RandomSource(seed: 1), events: events.handler)
    }

    /// An OpenAI stream of `pieces`, then a finish reason, a usage chunk and `[DONE]` (each optional).
    static func openAIStream(
        _ pieces: [String], finish: String? = "stop", usage: Bool = true, done: Bool = true
    ) -> String {
        var events = pieces.map { piece in
            Fixtures.jsonText(["model": "served-model", "choices": [["index": 0, "delta": ["content": piece]]]])
        }
        if let finish {
            events.append(Fixtures.jsonText(["choices": [["index": 0, "delta": [:], "finish_reason": finish]]]))
        }
        if usage {
            events.append(
                Fixtures.jsonText(["choices": [], "usage": ["prompt_tokens": 321, "completion_tokens": 54]]))
        }
        if done { events.append("[DONE]") }
        return events.map { "data: \($0)\n\n" }.joined()
    }

    static func sse(_ body: String, closeMidBody: Bool = false) -> LoopbackServer.Response {
        .init(headers: ["Content-Type": "text/event-stream"], body: body, closeMidBody: closeMidBody)
    }

    static let pieces = [#"{"cards":[{"question":"Who founded"#, #" Rome?","answer":"Romulus"}"#, "]}"]

    @Test func openAIStreamsPiecesAndReadsUsageAndModel() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([Self.sse(Self.openAIStream(Self.pieces))])
        let recorder = StreamRecorder()
        let provider = Self.provider(.openai, base: server.url("/v1"))
        #expect(provider.streams)
        let completion = try await provider.stream(Fixtures.request(), updates: recorder.handler)
        #expect(recorder.updates == [.attemptStarted] + Self.pieces.map(StreamUpdate.text))
        #expect(
            completion
                == Completion(
                    text: Self.pieces.joined(), truncated: false, usage: TokenUsage(input: 321, output: 54),
                    model: "served-model"))
        let sent = try #require(try await server.requests().first)
        #expect(sent.path == "/v1/chat/completions")
        #expect(sent.value("stream") as? Bool == true)
        #expect(sent.value("stream_options", "include_usage") as? Bool == true)
        #expect(sent.headers["accept"] == "text/event-stream")
    }

    @Test func openAIFinishReasonLengthIsTruncationAndAMissingDoneIsAccepted() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([Self.sse(Self.openAIStream(["[{"], finish: "length", usage: false, done: false))])
        let completion = try await Self.provider(.openai, base: server.url("/v1"))
            .stream(Fixtures.request(), updates: { _ in })
        #expect(completion.truncated)
        #expect(completion.usage == TokenUsage(input: nil, output: nil))
    }

    @Test func aStreamCutMidwayIsSentAgainAsAWhole() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let full = Self.openAIStream(Self.pieces)
        try await server.script([Self.sse(full, closeMidBody: true), Self.sse(full)])
        let recorder = StreamRecorder()
        let events = EventLog()
        let clock = ImmediateClock()
        let completion = try await Self.provider(.openai, base: server.url("/v1"), clock: clock, events: events)
            .stream(Fixtures.request(), updates: recorder.handler)
        #expect(completion.text == Self.pieces.joined())
        #expect(recorder.updates.filter { $0 == .attemptStarted }.count == 2)
        #expect(recorder.lastAttemptText == Self.pieces.joined())
        #expect(try await server.requests().count == 2)
        #expect(clock.sleeps == [.seconds(1)])
        guard case .retrying("openai", 2, _, let reason) = events.all.first else {
            Issue.record("no retry event: \(events.all)")
            return
        }
        #expect(reason.contains("connection lost"))
    }

    @Test func aStreamThatEndsWithoutItsEndIsRetriedThenUnavailable() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cut = Self.sse(Self.openAIStream(["[{"], finish: nil, usage: false, done: false))
        try await server.script([cut, cut, cut])
        await #expect {
            try await Self.provider(.openai, base: server.url("/v1")).stream(Fixtures.request(), updates: { _ in })
        } throws: { error in
            guard case GeneratorError.unavailable(_, 3, let last) = error else { return false }
            return last.contains("without [DONE] or a finish reason")
        }
    }

    @Test func retryAfterRejectionsAndDowngradesBehaveAsWithoutStreaming() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([
            .init(status: 429, json: #"{"error":{"message":"slow down"}}"#, headers: ["Retry-After": "7"]),
            .init(status: 400, json: #"{"error":{"message":"response_format json_schema is not supported"}}"#),
            Self.sse(Self.openAIStream(Self.pieces)),
            .init(status: 401, json: #"{"error":{"message":"bad key"}}"#),
        ])
        let clock = ImmediateClock()
        let events = EventLog()
        let provider = Self.provider(
            .openai, base: server.url("/v1"), structured: .jsonSchema, clock: clock, events: events)
        let recorder = StreamRecorder()
        #expect(try await provider.stream(Fixtures.request(), updates: recorder.handler).text == Self.pieces.joined())
        #expect(clock.sleeps == [.seconds(7)])
        #expect(recorder.updates.filter { $0 == .attemptStarted }.count == 3)
        #expect(
            events.all.contains {
                if case .structuredOutputDowngraded(_, .jsonSchema, .jsonObjectSchema, _) = $0 { true } else { false }
            })
        let sent = try await server.requests()
        #expect(sent[2].value("response_format", "type") as? String == "json_object")
        await #expect {
            try await provider.stream(Fixtures.request(), updates: { _ in })
        } throws: { error in
            if case GeneratorError.rejected(_, 401, _, _) = error { true } else { false }
        }
    }

    @Test func anUnreadableEventIsRetriedOnceLikeAnUnreadableBody() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([Self.sse("data: {not json\n\n"), Self.sse("data: [1]\n\n")])
        await #expect {
            try await Self.provider(.openai, base: server.url("/v1")).stream(Fixtures.request(), updates: { _ in })
        } throws: { error in
            guard case GeneratorError.badResponse(_, let detail) = error else { return false }
            return detail.hasPrefix("a stream event of")
        }
        #expect(try await server.requests().count == 2)
    }

    @Test func textArrivesBeforeTheReplyIsComplete() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        // The stub holds back the second half of the reply until the first text has been seen here: the request can
        // only complete if text arrived while the reply was incomplete, however busy the machine.
        let released = Mutex(false)
        let release = server.url("/release/first-text")
        let recorder = StreamRecorder()
        let completion = try await Self.provider(
            // The tests' patience as the timeout: a stalled machine must not turn the gated attempt into a retry,
            // which would find the gate already open and prove nothing.
            .openai, base: server.url("/openai-stream-gated/first-text/v1")
        )
        .stream(Fixtures.request()) { update in
            recorder.handler(update)
            guard case .text = update else { return }
            let isFirst = released.withLock { value in
                defer { value = true }
                return !value
            }
            guard isFirst else { return }
            Task {
                _ = try? await TestHTTPClient.transport().send(
                    LLMHTTPRequest(url: release, method: "GET", body: Data(), timeoutSeconds: TestPatience.seconds))
            }
        }
        #expect(recorder.lastAttemptText == completion.text)
        #expect(recorder.updates.filter { $0 == .attemptStarted }.count == 1)
        #expect(completion.text.contains("card 15:"))
        #expect(completion.usage == TokenUsage(input: 400, output: completion.text.count / 4))
    }

    @Test func anthropicStreamsTextDeltasWithUsage() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let recorder = StreamRecorder()
        // No pauses between the events and the tests' patience as the timeout: the test is about the events'
        // content, and each pause is a wake-up of its own that a machine loaded by the rest of the suite can delay
        // (this test ran out of its 30 s three times over at load 16, never on a quiet machine).
        let provider = Self.provider(.anthropic, base: server.url("/anthropic-stream/0/v1"))
        let completion = try await provider.stream(Fixtures.request(), updates: recorder.handler)
        #expect(recorder.lastAttemptText == completion.text)
        #expect(recorder.updates.count > 15)
        #expect(completion.text.contains("card 15:"))
        #expect(completion.model == "stub-claude")
        #expect(completion.usage == TokenUsage(input: 400, output: completion.text.count / 4))
        #expect(!completion.truncated)
    }

    @Test func anthropicStreamsAToolsInputAsTheReply() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let events = [
            #"{"type":"message_start","message":{"model":"claude-x","usage":{"input_tokens":9,"output_tokens":1}}}"#,
            #"{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"flashcards","input":{}}}"#,
            #"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"cards\": [{\"ques"}}"#,
            #"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"tion\": \"Q?\"}]}"}}"#,
            #"{"type":"content_block_stop","index":1}"#,
            #"{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":14}}"#,
            #"{"type":"message_stop"}"#,
        ].map { "data: \($0)\n\n" }.joined()
        try await server.script([Self.sse(events)])
        let recorder = StreamRecorder()
        let completion = try await Self.provider(.anthropic, base: server.url("/v1"), structured: .jsonSchema)
            .stream(Fixtures.request(), updates: recorder.handler)
        #expect(
            completion
                == Completion(
                    text: #"{"cards": [{"question": "Q?"}]}"#, truncated: false, usage: .init(input: 9, output: 14),
                    model: "claude-x"))
        #expect(recorder.lastAttemptText == completion.text)
        let sent = try #require(try await server.requests().first)
        #expect((sent.value("tool_choice") as? [String: String])?["name"] == "flashcards")
    }

    @Test func anthropicErrorEventIsRetried() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let overloaded =
            "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n"
        let good = [
            #"{"type":"message_start","message":{"model":"claude-x","usage":{"input_tokens":9,"output_tokens":1}}}"#,
            #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"[]"}}"#,
            #"{"type":"message_delta","delta":{"stop_reason":"max_tokens"},"usage":{"output_tokens":4}}"#,
            #"{"type":"message_stop"}"#,
        ].map { "data: \($0)\n\n" }.joined()
        try await server.script([Self.sse(overloaded), Self.sse(good)])
        let events = EventLog()
        let completion = try await Self.provider(.anthropic, base: server.url("/v1"), events: events)
            .stream(Fixtures.request(), updates: { _ in })
        #expect(
            completion == Completion(text: "[]", truncated: true, usage: .init(input: 9, output: 4), model: "claude-x"))
        let sent = try await server.requests()
        #expect(sent.count == 2)
        #expect(sent[0].value("stream") as? Bool == true)
        guard case .retrying(_, 2, _, let reason) = events.all.first else {
            Issue.record("no retry: \(events.all)")
            return
        }
        #expect(reason.contains("overloaded_error"))
    }

    @Test func geminiStreamsFromStreamGenerateContent() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let chunks = [
            Fixtures.jsonText(["candidates": [["content": ["parts": [["text": "[{\"q"]]]]]]),
            Fixtures.jsonText([
                "candidates": [["content": ["parts": [["text": "\":1}]"]]], "finishReason": "STOP"]],
                "usageMetadata": ["promptTokenCount": 70, "candidatesTokenCount": 8], "modelVersion": "gemini-x",
            ]),
        ]
        try await server.script([Self.sse(chunks.map { "data: \($0)\r\n\r\n" }.joined())])
        let recorder = StreamRecorder()
        let completion = try await Self.provider(.gemini, base: server.url("/v1beta"))
            .stream(Fixtures.request(), updates: recorder.handler)
        #expect(recorder.updates == [.attemptStarted, .text("[{\"q"), .text("\":1}]")])
        #expect(
            completion
                == Completion(
                    text: "[{\"q\":1}]", truncated: false, usage: .init(input: 70, output: 8), model: "gemini-x"))
        let sent = try #require(try await server.requests().first)
        #expect(sent.path == "/v1beta/models/test-model:streamGenerateContent?alt=sse")
    }

    @Test func theFixtureProviderReplaysItsReplyInPieces() async throws {
        let provider = FixtureProvider(directory: nil)
        let request = Fixtures.request(plan: BatchPlan(number: 1, aspect: "x", depth: .foundational))
        let recorder = StreamRecorder()
        let completion = try await provider.stream(request, updates: recorder.handler)
        #expect(provider.streams)
        #expect(recorder.updates.count > 10)
        #expect(recorder.lastAttemptText == completion.text)
        #expect(completion == (try await provider.complete(request)))
    }
}
