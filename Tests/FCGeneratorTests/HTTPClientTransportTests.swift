import AsyncHTTPClient
import FCGenerator
import FCTestSupport
import Foundation
import Glibc
import Testing

/// Real HTTP over loopback against the loopback stub's path-driven routes (`StubResponder`), one server per test.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct HTTPClientTransportTests {
    @Test(arguments: ["GET", "POST", "PUT", "DELETE"])
    func roundTripSendsMethodHeadersAndBodyAndReturnsStatusHeadersAndBody(method: String) async throws {
        let server = try await LoopbackServer.start()
        let transport = TestHTTPClient.transport()
        let body = method == "GET" ? Data() : Data(#"{"prompt":"héllo"}"#.utf8)
        let request = LLMHTTPRequest(
            url: server.url("/echo?mode=test"), method: method,
            headers: ["Content-Type": "application/json", "X-Api-Key": "k-123"], body: body,
            timeoutSeconds: TestPatience.seconds)

        let response = try await transport.send(request)

        #expect(response.status == 200)
        #expect(response.headers["x-server-note"] == "hello")
        #expect(response.headers["content-type"] == "application/json")
        let echo = try JSONDecoder().decode(Echo.self, from: response.body)
        #expect(echo.method == method)
        #expect(echo.path == "/echo?mode=test")
        #expect(echo.body == String(decoding: body, as: UTF8.self))
        #expect(echo.headers["x-api-key"] == "k-123")
        #expect(echo.headers["content-type"] == "application/json")
        #expect(echo.headers["expect"] == nil)
    }

    @Test(arguments: [404, 429, 500])
    func errorStatusesAreDeliveredAsResponsesWithHeaders(status: Int) async throws {
        let server = try await LoopbackServer.start()
        let transport = TestHTTPClient.transport()

        let response = try await transport.send(server.request("/status/\(status)", method: "POST"))

        #expect(response.status == status)
        #expect(response.headers["retry-after"] == "7")
        #expect(String(decoding: response.body, as: UTF8.self) == "status \(status)")
    }

    @Test func onlyTheFinalResponsesHeadersAreKeptAfterAnInformationalResponse() async throws {
        let server = try await LoopbackServer.start()
        let transport = TestHTTPClient.transport()

        let response = try await transport.send(server.request("/early-hints"))

        #expect(response.status == 200)
        #expect(response.headers["x-final"] == "yes")
        #expect(response.headers["link"] == nil)
        #expect(response.body == Data("final".utf8))
    }

    @Test func slowServerTimesOutWithinTheRequestTimeout() async throws {
        let server = try await LoopbackServer.start()
        let transport = TestHTTPClient.transport()

        // The server never answers, so only the timeout can end the request, however slow the machine.
        let error = await sendError(transport, server.request("/delay/never", timeoutSeconds: 1))

        #expect(error == .timedOut(seconds: 1))
    }

    @Test func refusedConnectionIsConnectionFailed() async throws {
        let transport = TestHTTPClient.transport()
        let error = try await withRefusingLoopbackPort { port in
            let url = try #require(URL(string: "http://127.0.0.1:\(port)/echo"))
            return await sendError(
                transport, LLMHTTPRequest(url: url, body: Data(), timeoutSeconds: TestPatience.seconds))
        }

        #expect(error?.kind == "connectionFailed")
    }

    @Test func connectionClosedMidBodyIsConnectionLost() async throws {
        let server = try await LoopbackServer.start()
        let transport = TestHTTPClient.transport()

        let error = await sendError(transport, server.request("/close-mid-body"))

        #expect(error?.kind == "connectionLost")
    }

    @Test func cancellingAnInFlightRequestThrowsCancelledQuickly() async throws {
        let server = try await LoopbackServer.start()
        let transport = TestHTTPClient.transport()
        // The server never answers: only the cancellation can end the request before its (hang-guard) timeout,
        // which would report `.timedOut`, so `.cancelled` proves it was abandoned, not waited out.
        let task = Task { await sendError(transport, server.request("/delay/never")) }
        #expect(await server.waitForCounter("requests", toReach: 1), "the request is under way")

        task.cancel()
        let error = await task.value

        #expect(error == .cancelled)
        let next = try await transport.send(server.request("/delay/0"))
        #expect(next.status == 200)
    }

    @Test func headerWithLineBreakIsRejectedWithoutSendingOrLeakingTheValue() async throws {
        let server = try await LoopbackServer.start()
        let transport = TestHTTPClient.transport()
        var request = server.request("/echo")
        request.headers["X-Api-Key"] = "secret\r\nX-Injected: yes"

        let error = await sendError(transport, request)

        #expect(error?.kind.hasPrefix("other") == true)
        #expect(error?.description.contains("secret") == false)
        #expect(try await server.stats().requests == 1)  // only the stats request itself
    }

    @Test func alreadyCancelledTaskThrowsCancelledWithoutSending() async throws {
        let server = try await LoopbackServer.start()
        let transport = TestHTTPClient.transport()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await sendError(transport, server.request("/delay/0"))
        }

        #expect(await task.value == .cancelled)
        #expect(try await server.stats().requests == 1)  // only the stats request itself
    }

    @Test func thirtyTwoConcurrentRequestsAllCompleteWithTheirOwnBodies() async throws {
        let server = try await LoopbackServer.start()
        let transport = TestHTTPClient.transport()

        let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<32 {
                group.addTask {
                    let response = try await transport.send(server.request("/gate/all/req-\(index)"))
                    return (index, String(decoding: response.body, as: UTF8.self))
                }
            }
            // Run together, not one after another: every request is held at the server until all 32 are there.
            #expect(await server.waitForCounter("max_in_flight", toReach: 32), "all 32 in flight at once")
            server.release("all")
            return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
        }

        #expect(bodies.count == 32)
        for (index, body) in bodies { #expect(body == "/gate/all/req-\(index)") }
    }

    @Test func fiveMegabyteBodiesArriveIntact() async throws {
        let server = try await LoopbackServer.start()
        let transport = TestHTTPClient.transport()
        var generator = SplitMixForTests(seed: 42)
        var upload = Data(count: 5_000_000)
        upload.withUnsafeMutableBytes { bytes in
            for offset in stride(from: 0, to: bytes.count, by: 8) {
                bytes.storeBytes(of: generator.next(), toByteOffset: offset, as: UInt64.self)
            }
        }
        let pattern = Data((0..<251).map { UInt8($0) })
        var expectedDownload = Data()
        while expectedDownload.count < 5_000_000 { expectedDownload.append(pattern) }

        let echoed = try await transport.send(server.request("/echo-raw", method: "POST", body: upload))
        let downloaded = try await transport.send(server.request("/bytes/5000000"))

        #expect(echoed.body == upload)
        #expect(downloaded.body == expectedDownload.prefix(5_000_000))
    }

    @Test func concurrencyIsCappedAndConnectionsAreReused() async throws {
        let server = try await LoopbackServer.start()

        try await HTTPClientTransport.withTransport(maxConnectionsPerHost: 2) { transport in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<6 {
                    group.addTask { _ = try await transport.send(server.request("/gate/capped/\(index)")) }
                }
                // Two are held at the server at once (so both connections are open) before any is answered.
                #expect(await server.waitForCounter("max_in_flight", toReach: 2))
                server.release("capped")
                try await group.waitForAll()
            }
            for _ in 0..<4 { _ = try await transport.send(server.request("/delay/0")) }
        }
        let stats = try await server.stats()

        #expect(stats.maxInFlight == 2)
        #expect(stats.connections == 2 + 1)  // + the connection of the shared client that asked for stats
    }

    @Test func everyCallerIsResumedOnceUnderConcurrentCancellations() async throws {
        let server = try await LoopbackServer.start()
        let transport = TestHTTPClient.transport()
        var tasks: [Task<TransportError?, Never>] = []
        for index in 0..<96 {
            let delay = Double(index % 7) * 0.1
            tasks.append(Task { await sendError(transport, server.request("/delay/\(delay)/\(index)")) })
        }
        for (index, task) in tasks.enumerated() where index % 2 == 1 {
            if index % 6 == 1 { try await Task.sleep(for: .milliseconds(20)) }
            task.cancel()
        }

        var outcomes: [String: Int] = [:]
        for task in tasks { outcomes[await task.value?.kind ?? "ok", default: 0] += 1 }

        #expect(outcomes.values.reduce(0, +) == 96)
        #expect(Set(outcomes.keys).isSubset(of: ["ok", "cancelled"]))
        #expect(outcomes["ok", default: 0] >= 48)
        #expect(try await transport.send(server.request("/delay/0")).status == 200)
    }

    @Test func aTransportWhoseClientIsShutDownRefusesToSend() async throws {
        let server = try await LoopbackServer.start()
        let (escaped, status) = try await HTTPClientTransport.withTransport(maxConnectionsPerHost: 1) { transport in
            (transport, try await transport.send(server.request("/delay/0")).status)
        }

        let error = await sendError(escaped, server.request("/delay/0"))

        #expect(status == 200)
        #expect(error == .other("the HTTP client is shut down"))
    }
}

// MARK: - Helpers

private struct Echo: Decodable {
    var method: String
    var path: String
    var headers: [String: String]
    var body: String
}

extension TransportError {
    /// The case name, for tests that don't care about the detail text.
    var kind: String {
        switch self {
        case .timedOut: "timedOut"
        case .connectionFailed: "connectionFailed"
        case .connectionLost: "connectionLost"
        case .responseTooLarge: "responseTooLarge"
        case .cancelled: "cancelled"
        case .other(let detail): "other: \(detail)"
        }
    }
}

/// The transport's error, or nil when the request succeeded.
func sendError(_ transport: some LLMTransport, _ request: LLMHTTPRequest) async -> TransportError? {
    do {
        _ = try await transport.send(request)
        return nil
    } catch let error as TransportError {
        return error
    } catch {
        return .other("not a TransportError: \(error)")
    }
}

/// SplitMix64, so the large-body test's bytes are not a pattern the server could fake.
private struct SplitMixForTests {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The requests and the `/stats` read these tests make against the shared loopback server.
extension LoopbackServer {
    struct Stats: Decodable {
        var connections: Int
        var requests: Int
        var maxInFlight: Int
    }

    func request(
        _ path: String, method: String = "GET", body: Data = Data(), timeoutSeconds: Int = TestPatience.seconds
    )
        -> LLMHTTPRequest
    {
        LLMHTTPRequest(url: url(path), method: method, body: body, timeoutSeconds: timeoutSeconds)
    }

    /// What the server has seen so far, fetched on the shared client (its connection counts too).
    func stats() async throws -> Stats {
        let response = try await TestHTTPClient.transport().send(request("/stats"))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Stats.self, from: response.body)
    }
}
