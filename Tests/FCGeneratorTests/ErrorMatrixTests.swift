import FCCore
import FCGenerator
import FCTestSupport
import Foundation
import Synchronization
import Testing

/// Failures over real HTTP (URLSession to the loopback stub), with sleeps on an ImmediateClock so backoffs cost no
/// time and the requested delays can be asserted exactly.
struct ErrorMatrixTests {
    static let secretKey = "sk-live-SECRET-0123456789"

    struct Run {
        var server: LoopbackServer
        var clock = ImmediateClock()
        var events = EventLog()
        var provider: any LLMProvider

        init(
            server: LoopbackServer,
            apiKey: String? = nil,
            timeoutSeconds: Int = TestPatience.seconds,
            structured: StructuredOutputMode = .none,
            port: Int? = nil,
            transport: any LLMTransport = TestHTTPClient.transport()
        ) {
            self.server = server
            let base = URL(string: "http://127.0.0.1:\(port ?? server.port)/v1")
            provider = makeProvider(
                Fixtures.settings(
                    baseURL: base,
                    apiKey: apiKey,
                    structured: structured,
                    timeoutSeconds: timeoutSeconds,
                    retry: RetryPolicy(maxAttempts: 3, baseDelay: .seconds(1), maxDelay: .seconds(30), jitter: .none)
                ),
                transport: transport,
                clock: clock,
                random: RandomSource(seed: 9),
                events: events.handler
            )
        }
    }

    static let ok = LoopbackServer.Response(json: Fixtures.openAIBody())

    @Test func rateLimitedWithRetryAfterWaitsWhatTheServerAsked() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([
            .init(status: 429, json: #"{"error":{"message":"Rate limit reached"}}"#, headers: ["Retry-After": "2"]),
            Self.ok,
        ])
        let run = Run(server: server)
        #expect(try await run.provider.complete(Fixtures.request()).text == Fixtures.cardsText)
        #expect(run.clock.sleeps == [.seconds(2)])
        #expect(try await server.requests().count == 2)
        guard case .retrying("openai", 2, .seconds(2), let reason) = run.events.all.first else {
            Issue.record("no retry event: \(run.events.all)")
            return
        }
        #expect(reason == "HTTP 429: Rate limit reached")
    }

    @Test func serverErrorThenSuccess() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([.init(status: 500, body: "Internal Server Error"), Self.ok])
        let run = Run(server: server)
        _ = try await run.provider.complete(Fixtures.request())
        #expect(run.clock.sleeps == [.seconds(1)])
        #expect(try await server.requests().count == 2)
    }

    @Test func timeoutThenSuccess() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        // The first request is never answered, so its 1 s timeout is sure to fire; the retry is answered at once and
        // keeps the tests' patience as its timeout (only the first request's is shortened), so a loaded machine
        // cannot time it out too. No wall-clock bound decides anything: a client that waited would never finish.
        try await server.script([.unanswered, Self.ok])
        let run = Run(server: server, transport: FirstRequestTimeout(seconds: 1, TestHTTPClient.transport()))
        #expect(try await run.provider.complete(Fixtures.request()).text == Fixtures.cardsText)
        #expect(try await server.requests().count == 2)
        guard case .retrying(_, _, _, let reason) = run.events.all.first else {
            Issue.record("no retry event")
            return
        }
        #expect(reason == "no response within 1 s")
    }

    @Test func connectionClosedMidBodyThenSuccess() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([.init(body: Fixtures.openAIBody(), closeMidBody: true), Self.ok])
        let run = Run(server: server)
        #expect(try await run.provider.complete(Fixtures.request()).text == Fixtures.cardsText)
        #expect(try await server.requests().count == 2)
        guard case .retrying(_, _, _, let reason) = run.events.all.first else {
            Issue.record("no retry event")
            return
        }
        #expect(reason.hasPrefix("connection lost"))
    }

    @Test func tenMegabyteReplyFailsAtOnceWithoutRetryingOrGrowing() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([.init(body: String(repeating: "x", count: 10_000_000))], default: Self.ok)
        let run = Run(server: server)

        let error = await #expect(throws: GeneratorError.self) { try await run.provider.complete(Fixtures.request()) }

        guard case .unavailable("openai", 1, let reason) = error else {
            Issue.record("expected unavailable after one attempt, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("larger than the \(HTTPClientTransport.defaultMaxResponseBytes)-byte limit"))
        #expect(try await server.requests().count == 1)
        #expect(run.clock.sleeps.isEmpty)
    }

    @Test func connectionClosedBeforeAnyResponseThenSuccess() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([.init(closeBeforeResponse: true), Self.ok])
        let run = Run(server: server)
        _ = try await run.provider.complete(Fixtures.request())
        #expect(try await server.requests().count == 2)
    }

    @Test func unauthorizedFailsAtOnceWithAClearKeyFreeMessage() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        // Servers sometimes echo the key they were sent; it must still never reach the message.
        let body =
            #"{"error":{"message":"Incorrect API key provided: \#(Self.secretKey). You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","code":"invalid_api_key"}}"#
        try await server.script([.init(status: 401, json: body)], default: Self.ok)
        let run = Run(server: server, apiKey: Self.secretKey)
        do {
            _ = try await run.provider.complete(Fixtures.request())
            Issue.record("expected a rejection")
        } catch {
            let text = String(describing: error)
            #expect(text.contains("openai rejected the request (HTTP 401)"))
            #expect(text.contains("Incorrect API key provided"))
            #expect(text.contains("api-keys. Check OPENAI_API_KEY (missing, wrong or revoked key)"))
            #expect(!text.contains(Self.secretKey))
            #expect(!text.contains("SECRET"))
            #expect(text.count < 400)
        }
        #expect(try await server.requests().count == 1)
        #expect(run.clock.sleeps.isEmpty)
        #expect(run.events.all.isEmpty)
    }

    @Test func notFoundNamesTheModel() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([.init(status: 404, json: #"{"error":"model 'test-model' not found"}"#)])
        let run = Run(server: server)
        await #expect {
            try await run.provider.complete(Fixtures.request())
        } throws: { error in
            let text = String(describing: error)
            return text.contains("HTTP 404): model 'test-model' not found. Check the model name (test-model)")
        }
    }

    @Test func garbageBodyIsRetriedOnceThenABadResponse() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([], default: .init(body: "<html>502 Bad Gateway</html>"))
        let run = Run(server: server)
        await #expect(throws: GeneratorError.badResponse(provider: "openai", detail: "28 bytes that are not JSON")) {
            try await run.provider.complete(Fixtures.request())
        }
        #expect(try await server.requests().count == 2)
        #expect(run.clock.sleeps == [.seconds(1)])
    }

    @Test func emptyBodyIsABadResponse() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([.init(body: ""), .init(body: "")])
        let run = Run(server: server)
        await #expect(throws: GeneratorError.badResponse(provider: "openai", detail: "empty body")) {
            try await run.provider.complete(Fixtures.request())
        }
        #expect(try await server.requests().count == 2)
    }

    @Test func responseFormatRejectionDowngradesAndTheNextRequestUsesTheLowerMode() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([.init(status: 500, json: StructuredOutputTests.llamaRejection)], default: Self.ok)
        let run = Run(server: server, structured: .jsonSchema)
        _ = try await run.provider.complete(Fixtures.request())
        _ = try await run.provider.complete(Fixtures.request())
        let sent = try await server.requests()
        let types = sent.map { ($0.value("response_format") as? [String: Any])?["type"] as? String }
        #expect(types == ["json_schema", "json_object", "json_object"])
        #expect(sent[1].value("response_format", "schema") != nil)
        #expect(run.clock.sleeps.isEmpty)
        #expect(run.events.all.count == 1)
        if case .structuredOutputDowngraded(let provider, let from, let to, _) = run.events.all.first {
            #expect(provider == "openai" && from == .jsonSchema && to == .jsonObjectSchema)
        } else {
            Issue.record("expected a downgrade event")
        }
    }

    @Test func refusedConnectionNamesTheEndpointTheKindAndTheReason() async throws {
        let server = try await LoopbackServer.start()
        let run = try await withRefusingLoopbackPort { port in
            let run = Run(server: server, port: port)
            do {
                _ = try await run.provider.complete(Fixtures.request())
                Issue.record("expected unreachable")
            } catch let error as GeneratorError {
                guard case .unreachable(let provider, let endpoint, let attempts, _, let reason) = error else {
                    Issue.record("expected unreachable, got \(error)")
                    return run
                }
                // An OpenAI-style server at a base URL of one's own: the kind as configured.
                #expect(provider == "openai-compatible" && endpoint == "127.0.0.1:\(port)" && attempts == 3)
                #expect(reason == "connection refused")
                #expect(
                    error.description.hasPrefix("could not connect to 127.0.0.1:\(port) (openai-compatible, 3 attempts")
                )
                #expect(error.description.hasSuffix("): connection refused — is the server running?"))
            }
            guard case .retrying(_, _, _, let reason) = run.events.all.first else {
                Issue.record("no retry event")
                return run
            }
            #expect(reason == "could not connect: connection refused")
            return run
        }
        #expect(run.clock.sleeps == [.seconds(1), .seconds(2)])
    }
}

/// A transport that gives the first request it sends a timeout of its own and passes every later one on unchanged:
/// a test of a timed-out attempt gets a short timeout where it is the point and a generous one on the retry.
private final class FirstRequestTimeout: LLMTransport {
    private let seconds: Int
    private let inner: any LLMTransport
    private let sent = Mutex(0)

    init(seconds: Int, _ inner: any LLMTransport) {
        self.seconds = seconds
        self.inner = inner
    }

    func send(_ request: LLMHTTPRequest) async throws -> LLMHTTPResponse {
        var request = request
        if sent.withLock({ count in
            defer { count += 1 }
            return count == 0
        }) {
            request.timeoutSeconds = seconds
        }
        return try await inner.send(request)
    }
}
