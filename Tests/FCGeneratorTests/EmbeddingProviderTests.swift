import FCCore
import FCGenerator
import FCTestSupport
import Foundation
import Testing

/// Embedding providers (duplicates by meaning): the OpenAI-compatible `/embeddings` and Gemini's
/// `batchEmbedContents` requests over real HTTP, and the replies checked where they enter.
struct EmbeddingProviderTests {
    static func embedder(_ kind: ProviderKind, _ server: LoopbackServer, path: String) throws -> any EmbeddingProvider {
        let embedder = makeEmbeddingProvider(
            Fixtures.settings(kind, baseURL: server.baseURL.appendingPathComponent(path), apiKey: "k-1"),
            model: kind == .gemini ? "models/text-embedding-004" : "embed-small",
            transport: TestHTTPClient.transport(), clock: ImmediateClock(), random: RandomSource(seed: 1),
            events: { _ in })
        return try #require(embedder)
    }

    @Test func openAICompatibleRequestAndReply() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        // Out of order, as the API allows: `index` places each vector.
        try await server.script([
            .init(
                json: #"""
                    {"object":"list","model":"embed-small-v2","usage":{"prompt_tokens":7,"total_tokens":7},
                     "data":[{"object":"embedding","index":1,"embedding":[0,3,4]},
                             {"object":"embedding","index":0,"embedding":[2,0,0]}]}
                    """#)
        ])
        let embeddings = try await Self.embedder(.openai, server, path: "v1").embed(["first", "second"])
        #expect(embeddings.vectors == [[1, 0, 0], [0, 0.6, 0.8]])
        #expect(embeddings.model == "embed-small-v2")
        #expect(embeddings.usage == TokenUsage(input: 7, output: nil))
        let sent = try await server.requests()
        try #require(sent.count == 1)
        #expect(sent[0].path == "/v1/embeddings")
        #expect(sent[0].headers["authorization"] == "Bearer k-1")
        #expect(sent[0].value("model") as? String == "embed-small")
        #expect(sent[0].value("input") as? [String] == ["first", "second"])
        #expect(sent[0].value("encoding_format") as? String == "float")
    }

    @Test func geminiRequestAndReply() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([.init(json: #"{"embeddings":[{"values":[0,0,5]},{"values":[1,1,0]}]}"#)])
        let embeddings = try await Self.embedder(.gemini, server, path: "v1beta").embed(["a", "b"])
        #expect(embeddings.vectors[0] == [0, 0, 1])
        #expect(abs(embeddings.vectors[1][0] - 0.70710678) < 1e-6)
        #expect(embeddings.model == "text-embedding-004")
        #expect(embeddings.usage == .none)
        let sent = try await server.requests()
        try #require(sent.count == 1)
        #expect(sent[0].path == "/v1beta/models/text-embedding-004:batchEmbedContents")
        #expect(sent[0].headers["x-goog-api-key"] == "k-1")
        #expect(sent[0].headers["authorization"] == nil)
        let requests = try #require(sent[0].json?["requests"] as? [[String: Any]])
        #expect(requests.count == 2)
        #expect(requests[0]["model"] as? String == "models/text-embedding-004")
        let parts = (requests[1]["content"] as? [String: Any])?["parts"] as? [[String: Any]]
        #expect(parts?.first?["text"] as? String == "b")
    }

    /// More texts than one request takes go in several, in order; the vectors and tokens are joined.
    @Test func manyTextsGoInSeveralRequests() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        func reply(_ count: Int, tokens: Int) -> LoopbackServer.Response {
            let data = (0..<count).map { #"{"index":\#($0),"embedding":[1,\#($0)]}"# }.joined(separator: ",")
            return .init(json: #"{"data":[\#(data)],"usage":{"prompt_tokens":\#(tokens)}}"#)
        }
        try await server.script([reply(100, tokens: 300), reply(50, tokens: 150)])
        let texts = (0..<150).map { "question \($0)" }
        let embeddings = try await Self.embedder(.openai, server, path: "v1").embed(texts)
        #expect(embeddings.vectors.count == 150)
        #expect(embeddings.usage.input == 450)
        // The 101st text is the second request's first: its vector is [1, 0] scaled.
        #expect(embeddings.vectors[100] == [1, 0])
        let sent = try await server.requests()
        #expect(sent.map { ($0.value("input") as? [String])?.count } == [100, 50])
        #expect((sent[1].value("input") as? [String])?.first == "question 100")
    }

    /// What a reply may not hold is refused where it enters, naming the shape, never the values.
    @Test(arguments: [
        (#"{"data":[{"index":0,"embedding":[1]}]}"#, "1 embeddings for 2 texts"),
        (#"{"data":[{"index":0,"embedding":[1]},{"index":0,"embedding":[1]}]}"#, "index 0 out of range or repeated"),
        (#"{"data":[{"index":0,"embedding":[1]},{"index":5,"embedding":[1]}]}"#, "index 5 out of range or repeated"),
        (#"{"data":[{"index":0,"embedding":[1,2]},{"index":1,"embedding":[1]}]}"#, "different dimensions"),
        (#"{"data":[{"index":0,"embedding":[0,0]},{"index":1,"embedding":[1,0]}]}"#, "an embedding of zeros"),
        (#"{"data":[{"index":0,"embedding":[]},{"index":1,"embedding":[]}]}"#, "dimension 0"),
        (#"{"data":[{"index":0,"embedding":[1e39]},{"index":1,"embedding":[1]}]}"#, "not JSON"),
        (
            #"{"data":[{"index":0,"embedding":[1]},{"index":1,"embedding":[1]}],"usage":{"prompt_tokens":-1}}"#,
            "token count out of range"
        ),
        (#"{"data":"nope"}"#, "unexpected type at .data"),
    ])
    func refusedReplies(body: String, detail: String) throws {
        #expect {
            _ = try EmbeddingWire.openAI(Data(body.utf8), count: 2, requestedModel: "m")
        } throws: { error in
            (error as? DecodeFailure)?.detail.contains(detail) ?? false
        }
    }

    @Test func oversizedDimensionIsRefused() throws {
        let values = Array(repeating: "1", count: EmbeddingLimits.maxDimension + 1).joined(separator: ",")
        #expect(throws: DecodeFailure.self) {
            _ = try EmbeddingWire.gemini(
                Data(#"{"embeddings":[{"values":[\#(values)]}]}"#.utf8), count: 1, requestedModel: "m")
        }
    }

    /// Anthropic and the offline fixtures have no embeddings endpoint.
    @Test func providersWithoutEmbeddings() {
        for kind in [ProviderKind.anthropic, .fixture] {
            let embedder = makeEmbeddingProvider(
                Fixtures.settings(kind), model: "m", transport: StubTransport(), clock: ImmediateClock(),
                random: RandomSource(seed: 1), events: { _ in })
            #expect(embedder == nil)
        }
    }
}
