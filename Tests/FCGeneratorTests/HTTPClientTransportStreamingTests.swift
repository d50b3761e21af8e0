import FCGenerator
import FCTestSupport
import Foundation
import OpenAPIRuntime
import Testing

/// Streaming bodies and server-sent events over loopback.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct HTTPClientTransportStreamingTests {
    @Test func eventsArriveAsTheServerSendsThemNotAtTheEnd() async throws {
        let server = try await LoopbackServer.start()

        // The server sends one event and then holds the stream open until this test asks it to go on: a transport
        // that buffered the body until the end would never hand over the first event, and the server would give up.
        let response = try await TestHTTPClient.transport().stream(server.request("/sse-gated/a"))
        var events = response.events.makeAsyncIterator()
        let first = try await events.next()
        _ = try await TestHTTPClient.transport().send(server.request("/release/a"))
        let second = try await events.next()
        let end = try await events.next()

        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "text/event-stream")
        #expect(first?.data == "first")
        #expect(second?.data == "released")
        #expect(end == nil)
    }

    @Test func aLongStreamIsDecodedIntoItsEvents() async throws {
        let server = try await LoopbackServer.start()

        let response = try await TestHTTPClient.transport().stream(server.request("/sse/4/0.1"))
        var data: [String] = []
        for try await event in response.events { data.append(event.data ?? "") }

        #expect(data == [#"{"n": 0}"#, #"{"n": 1}"#, #"{"n": 2}"#, #"{"n": 3}"#, "[DONE]"])
    }

    @Test func aStreamThatOutlivesItsTimeoutThrowsTimedOut() async throws {
        let server = try await LoopbackServer.start()

        var received = 0
        var error: TransportError?
        do {
            // One event, then a stream held open that is never released: only the deadline over the whole body
            // can end it. On a loaded machine even the response head may miss the deadline: either way it is a
            // timeout.
            let response = try await TestHTTPClient.transport().stream(
                server.request("/sse-gated/never", timeoutSeconds: 1))
            for try await _ in response.events { received += 1 }
        } catch let caught as TransportError {
            error = caught
        }

        #expect(error == .timedOut(seconds: 1))
        #expect(received <= 1)
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
