import FCGenerator
import FCTestSupport
import Foundation
import OpenAPIRuntime
import Testing

/// Streaming bodies and server-sent events over loopback.
@Suite(.timeLimit(.minutes(1)))
struct HTTPClientTransportStreamingTests {
    @Test func eventsArriveAsTheServerSendsThemNotAtTheEnd() async throws {
        let server = try await LoopbackServer.start()
        let clock = ContinuousClock()

        let response = try await TestHTTPClient.transport().stream(server.request("/sse/4/0.5", timeoutSeconds: 20))
        var data: [String] = []
        var arrivals: [ContinuousClock.Instant] = []
        for try await event in response.events {
            arrivals.append(clock.now)
            data.append(event.data ?? "")
        }

        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "text/event-stream")
        #expect(data == [#"{"n": 0}"#, #"{"n": 1}"#, #"{"n": 2}"#, #"{"n": 3}"#, "[DONE]"])
        // The server spaces the four events 0.5 s apart: delivered as they were sent, the first is 1.5 s older than
        // the last; buffered until the end, they would all arrive together. (Relative times hold on a busy machine.)
        let first = try #require(arrivals.first)
        let last = try #require(arrivals.last)
        #expect(last - first >= .seconds(1.2))
    }

    @Test func aStreamThatOutlivesItsTimeoutThrowsTimedOut() async throws {
        let server = try await LoopbackServer.start()

        let response = try await TestHTTPClient.transport().stream(server.request("/sse/40/0.5", timeoutSeconds: 3))
        var received = 0
        var error: TransportError?
        do {
            for try await _ in response.events { received += 1 }
        } catch let caught as TransportError {
            error = caught
        }

        #expect(error == .timedOut(seconds: 3))
        #expect(received < 40)
    }

    @Test func aStreamOverTheCapThrowsResponseTooLarge() async throws {
        let server = try await LoopbackServer.start()

        let response = try await TestHTTPClient.transport(maxResponseBytes: 10_000).stream(
            server.request("/bytes/50000"))

        await #expect(throws: TransportError.responseTooLarge(limitBytes: 10_000)) {
            _ = try await response.collectBody(upTo: 1_000_000)
        }
    }

    @Test func errorStatusesStreamTheirBodyForDiagnostics() async throws {
        let server = try await LoopbackServer.start()

        let response = try await TestHTTPClient.transport().stream(server.request("/status/503"))
        let body = try await response.collectBody(upTo: 1_000)

        #expect(response.status == 503)
        #expect(response.headers["retry-after"] == "7")
        #expect(String(decoding: body, as: UTF8.self) == "status 503")
    }

    @Test func stubTransportsStreamTheirWholeReplyAsOneChunk() async throws {
        let stub = StubTransport(replies: [.json(status: 200, "data: {\"a\": 1}\n\ndata: [DONE]\n\n")])
        let request = LLMHTTPRequest(url: URL(fileURLWithPath: "/x"), body: Data(), timeoutSeconds: 1)

        let response = try await stub.stream(request)
        var data: [String?] = []
        for try await event in response.events { data.append(event.data) }

        #expect(data == [#"{"a": 1}"#, "[DONE]"])
    }
}
