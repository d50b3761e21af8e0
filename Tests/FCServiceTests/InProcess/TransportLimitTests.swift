import FCService
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// What the connection guard, the body limit and the stream slots refuse, on real sockets (`.live`): every refusal
/// a problem document, and the service still answering after it.
@Suite("fcgen serve: transport limits", .serialized, .timeLimit(.minutes(10)))
struct TransportLimitTests {
    /// A request head with the learner's token; `extra` lines go before the blank line.
    static func head(_ method: String, _ path: String, token: String, _ extra: [String] = []) -> String {
        ([method + " " + path + " HTTP/1.1", "Host: fcgen.test", "Authorization: Bearer " + token] + extra)
            .joined(separator: "\r\n") + "\r\n\r\n"
    }

    /// `total` bytes of `byte` as chunks of at most 1,000, then the last chunk.
    static func chunks(of byte: String, total: Int) -> [String] {
        stride(from: 0, to: total, by: 1_000).map { start in
            let size = min(1_000, total - start)
            return String(size, radix: 16) + "\r\n" + String(repeating: byte, count: size) + "\r\n"
        } + ["0\r\n\r\n"]
    }

    @Test(
        "a chunked body over the limit is 413 on JSON, picture and deck routes",
        arguments: [
            ("POST", "/v1/reviews", "application/json", "{\"cardId\":1,\"rating\":\"good\",\"at\":\"", "max-body"),
            ("PUT", "/v1/cards/1/image", "image/png", "", "picture"),
            ("POST", "/v1/topics/1/import", "text/csv", "question;answer\n", "deck"),
        ])
    func chunkedOverTheLimit(method: String, path: String, type: String, start: String, limit: String) async throws {
        let service = try await ServiceUnderTest {
            $0.maxBodyBytes = 4_096
            $0.imageMaxBytes = 4_096
            $0.importMaxBytes = 4_096
        }
        try await service.application().test(.live) { client in
            let port = try #require(client.port)
            let head = Self.head(
                method, path, token: service.adminToken,
                [
                    "Content-Type: " + type, "Transfer-Encoding: chunked", "Idempotency-Key: chunked",
                    "Connection: close",
                ])
            let body =
                [String(start.utf8.count, radix: 16) + "\r\n" + start + "\r\n"] + Self.chunks(of: "x", total: 9_000)
            let reply = try await RawConnection.open(port: port).exchange(
                head, then: start.isEmpty ? Array(body.dropFirst()) : body)
            #expect(reply.statusCode == 413, "\(reply.prefix(300))")
            #expect(reply.headerField("Content-Type") == "application/problem+json")
            #expect(reply.responseBody.contains(#""code":"payload_too_large""#), "\(reply.responseBody)")
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
        }
    }

    @Test("a head that does not arrive within --header-timeout is 408, and the connection is closed")
    func slowHead() async throws {
        let service = try await ServiceUnderTest { $0.headerTimeout = .seconds(1) }
        try await service.application().test(.live) { client in
            let port = try #require(client.port)
            // Half a head: the request line and one field, never the blank line. The reply ends with the close.
            let reply = try await RawConnection.open(port: port).exchange(
                "GET /healthz HTTP/1.1\r\nHost: fcgen.test\r\n")
            #expect(reply.statusCode == 408, "\(reply)")
            #expect(reply.headerField("Content-Type") == "application/problem+json")
            #expect(reply.headerField("Connection") == "close")
            #expect(reply.responseBody.contains(#""code":"request_timeout""#))
        }
    }

    @Test("an idle keep-alive connection is closed after --idle-timeout")
    func idleKeepAlive() async throws {
        let service = try await ServiceUnderTest { $0.idleTimeout = .seconds(1) }
        try await service.application().test(.live) { client in
            let port = try #require(client.port)
            // One whole request, kept alive; the reading ends only when the server closes the idle connection.
            let reply = try await RawConnection.open(port: port).exchange(
                "GET /healthz HTTP/1.1\r\nHost: fcgen.test\r\n\r\n")
            #expect(reply.statusCode == 200, "\(reply)")
            #expect(RawConnection.isWholeResponse(reply))
        }
    }

    @Test("past --max-connections a connection gets 503 with Retry-After; once one closes, a new one is served")
    func connectionCap() async throws {
        // HummingbirdTesting's live client holds a connection of its own from the start: the cap leaves room for it.
        let service = try await ServiceUnderTest { $0.maxConnections = 3 }
        try await service.application().test(.live) { client in
            let port = try #require(client.port)
            let request = "GET /healthz HTTP/1.1\r\nHost: fcgen.test\r\n\r\n"
            let closing = "GET /healthz HTTP/1.1\r\nHost: fcgen.test\r\nConnection: close\r\n\r\n"
            let first = try await RawConnection.open(port: port)
            let second = try await RawConnection.open(port: port)
            try await first.keepingOpen(request) { firstReply in
                #expect(firstReply.statusCode == 200)
                try await second.keepingOpen(request) { secondReply in
                    #expect(secondReply.statusCode == 200)
                    // Both answered, so both are counted: a third is one too many.
                    let third = try await RawConnection.open(port: port).exchange(closing)
                    #expect(third.statusCode == 503, "\(third)")
                    #expect(third.headerField("Retry-After") == "1")
                    #expect(third.responseBody.contains(#""code":"busy""#))
                }
            }
            // The second closed: its count is given back once the server has seen the close, so a later connection
            // is served (tried until it is, at most 1,000 times: this waits for the server's event, not a clock).
            var served = false
            for _ in 0..<1_000 where !served {
                served = try await RawConnection.open(port: port).exchange(closing).statusCode == 200
            }
            #expect(served)
        }
    }

    @Test(
        "requests the parser refuses get a problem document",
        arguments: [
            ("GET /" + String(repeating: "a", count: 100_000) + " HTTP/1.1\r\nHost: fcgen.test\r\n\r\n", 431),
            ("GARBAGE\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: fcgen.test\r\nContent-Length: -5\r\n\r\n", 400),
        ])
    func unparseable(request: String, status: Int) async throws {
        let service = try await ServiceUnderTest()
        try await service.application().test(.live) { client in
            let port = try #require(client.port)
            let reply = try await RawConnection.open(port: port).exchange(request)
            #expect(reply.statusCode == status, "\(reply.prefix(300))")
            #expect(reply.headerField("Content-Type") == "application/problem+json")
            #expect(reply.responseBody.contains(#""detail""#))
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
        }
    }

    @Test("an HTTP/0.9 request (no version, no headers) is refused and the service goes on")
    func http09() async throws {
        let service = try await ServiceUnderTest { $0.headerTimeout = .seconds(1) }
        try await service.application().test(.live) { client in
            let port = try #require(client.port)
            // The parser waits for a version that never comes, so the head's deadline answers (HTTP/0.9 itself has
            // no status line to carry a problem in; the client gets an HTTP/1.1 one).
            let reply = try await RawConnection.open(port: port).exchange("GET /healthz\r\n")
            #expect([400, 408].contains(reply.statusCode), "\(reply.prefix(300))")
            #expect(reply.headerField("Content-Type") == "application/problem+json")
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
        }
    }
}
