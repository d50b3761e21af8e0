import FCGenerator
import FCTestSupport
import Foundation
import Glibc
import Testing

/// What the live transport refuses to do: grow past its body cap (plain or compressed), follow redirects, or put a
/// key from the URL into an error.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct HTTPClientTransportLimitsTests {
    @Test func aBodyOverTheCapIsResponseTooLargeAndNotRetryable() async throws {
        let server = try await LoopbackServer.start()
        let transport = TestHTTPClient.transport(maxResponseBytes: 1_000_000)

        let fits = try await transport.send(server.request("/bytes/1000000"))
        let error = await sendError(transport, server.request("/bytes/1000001"))

        #expect(fits.body.count == 1_000_000)
        #expect(error == .responseTooLarge(limitBytes: 1_000_000))
        #expect(error?.isRetryable == false)
    }

    @Test func tenMegabyteReplyIsRefusedUnderTheDefaultCap() async throws {
        let server = try await LoopbackServer.start()

        let error = await sendError(TestHTTPClient.transport(), server.request("/bytes/10000000"))

        #expect(error == .responseTooLarge(limitBytes: HTTPClientTransport.defaultMaxResponseBytes))
    }

    @Test func gzipBodiesAreInflated() async throws {
        let server = try await LoopbackServer.start()

        let response = try await TestHTTPClient.transport().send(server.request("/gzip/hello-compressed-world"))
        let sent = try await TestHTTPClient.transport().send(server.request("/echo"))

        #expect(response.body == Data("hello-compressed-world".utf8))
        #expect(response.headers["content-encoding"] == "gzip")
        let echo = try JSONSerialization.jsonObject(with: sent.body) as? [String: Any]
        let headers = echo?["headers"] as? [String: String]
        #expect(headers?["accept-encoding"] == "gzip, deflate")
    }

    @Test func aGzipBombStopsAtTheCapWithoutInflatingIntoMemory() async throws {
        let server = try await LoopbackServer.start()
        // Its own client: the inflation cap is a client setting.
        let peakBefore = peakResidentMegabytes()

        let error = try await HTTPClientTransport.withTransport(
            maxConnectionsPerHost: 1, maxResponseBytes: 4 << 20
        ) { transport in
            await sendError(transport, server.request("/gzip-bomb/1024"))
        }

        #expect(error == .responseTooLarge(limitBytes: 4 << 20))
        // 1 GiB inflated would show; what is allowed is the 4 MiB cap plus buffers. The peak is the whole test
        // process's, so the bound leaves room for tests running beside this one.
        #expect(peakResidentMegabytes() - peakBefore < 256)
    }

    @Test func redirectsAreReturnedNotFollowed() async throws {
        let server = try await LoopbackServer.start()
        var request = server.request("/redirect")
        request.headers["Authorization"] = "Bearer sk-redirect-secret"

        let response = try await TestHTTPClient.transport().send(request)
        let stats = try await server.stats()

        #expect(response.status == 302)
        #expect(response.headers["location"] == "/echo")
        #expect(stats.requests == 2)  // the redirect and the stats request, not /echo
    }

    @Test func errorsNeverQuoteTheURLOrItsKey() async throws {
        let error = try await withRefusingLoopbackPort { port in
            let url = try #require(URL(string: "http://127.0.0.1:\(port)/v1/models?key=AIza-secret-key"))
            return await sendError(
                TestHTTPClient.transport(), LLMHTTPRequest(url: url, body: Data(), timeoutSeconds: TestPatience.seconds)
            )
        }

        #expect(error?.kind == "connectionFailed")
        #expect(error?.description.contains("AIza") == false)
        #expect(error?.description.contains("key") == false)
    }
}

/// The process's peak resident set size so far, in MB (`getrusage`'s `ru_maxrss` is in KiB on Linux).
private func peakResidentMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}
