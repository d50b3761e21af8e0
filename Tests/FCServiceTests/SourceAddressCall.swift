import FCTestSupport
import Foundation
import Glibc
import Testing

/// The status line and headers of a response read off a raw socket.
struct RawHead: Sendable {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
}

extension LoopbackEndpoint {
    /// Sends `GET path` with `Authorization: Bearer token` over a connection whose local end is bound to `source`
    /// (another loopback address, such as `127.0.0.2`: Linux routes all of 127/8 to the loopback interface), so
    /// the server sees a different client address than AsyncHTTPClient's `127.0.0.1`.
    func get(_ path: String, token: String, from source: String) async throws -> RawHead {
        let port = try #require(base.split(separator: ":").last.flatMap { UInt16($0) })
        let request =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
            + "Connection: close\r\n\r\n"
        let response = try await onOwnThread { try Self.exchange(request, port: port, source: source) }
        let head = response.components(separatedBy: "\r\n\r\n").first ?? ""
        let lines = head.components(separatedBy: "\r\n")
        let status = try #require(lines.first?.split(separator: " ").dropFirst().first.flatMap { Int($0) })
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        return RawHead(status: status, headers: headers)
    }

    /// Connects from `source` to 127.0.0.1:`port`, writes `request` and reads until the server closes (at most
    /// ``TestPatience`` per read: a hang).
    private static func exchange(_ request: String, port: UInt16, source: String) throws -> String {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SocketFailure(description: "socket: errno \(errno)") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: time_t(TestPatience.seconds), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        func address(_ host: String, _ port: UInt16) -> sockaddr_in {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr(host)
            address.sin_port = port.bigEndian
            return address
        }
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        var local = address(source, 0)
        var remote = address("127.0.0.1", port)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw SocketFailure(description: "bind \(source): errno \(errno)") }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, length) }
        }
        guard connected == 0 else { throw SocketFailure(description: "connect: errno \(errno)") }
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            guard written > 0 else { throw SocketFailure(description: "send: errno \(errno)") }
            sent += written
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count >= 0 else { throw SocketFailure(description: "recv: errno \(errno)") }
            if count == 0 { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}

/// A socket call of ``LoopbackEndpoint/get(_:token:from:)`` that failed, and why.
private struct SocketFailure: Error, CustomStringConvertible {
    var description: String
}
