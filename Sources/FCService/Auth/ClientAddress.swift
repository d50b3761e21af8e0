import Glibc
package import NIOCore

/// Who a request came from, as the sign-in limit (``SignInFailureLimiter``) keys it: the peer's IP address.
///
/// An IPv4 address is itself (an IPv4-mapped IPv6 address too: `::ffff:192.0.2.7` is `192.0.2.7`). An IPv6 address
/// is its /64 prefix: one host or subscriber is usually given a whole /64, so keying single addresses would hand
/// each of them 2^64 fresh buckets. A Unix socket's peers share one key.
///
/// The peer is the TCP connection's: behind a reverse proxy every request comes from the proxy, which then shares
/// one budget of failed attempts for all its clients (`X-Forwarded-For` is not read: a client could write anything
/// there).
package struct ClientAddress: Sendable, Hashable, CustomStringConvertible {
    /// `192.0.2.7`, `2001:db8:0:1::/64`, `unix` or `unknown`.
    package let description: String

    /// The key of the connection's peer; `unknown` when the channel had none.
    package init(_ address: SocketAddress?) {
        switch address {
        case .v4?:
            description = address?.ipAddress ?? "unknown"
        case .v6?:
            let text = address?.ipAddress ?? "unknown"
            description = Self.bytes(ipv6: text).flatMap(Self.describe(ipv6:)) ?? text
        case .unixDomainSocket?:
            description = "unix"
        case nil:
            description = "unknown"
        }
    }

    /// Builds a key from its text, for tests.
    package init(text: String) {
        description = text
    }

    /// The 16 bytes of an IPv6 address in text form; `nil` when it is not one.
    static func bytes(ipv6 text: String) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: 16)
        let parsed = bytes.withUnsafeMutableBytes { inet_pton(AF_INET6, text, $0.baseAddress) }
        return parsed == 1 ? bytes : nil
    }

    /// 16 address bytes as the key: an IPv4-mapped address as its IPv4 dotted quad, else the /64 prefix in hex
    /// groups (`2001:db8:0:1::/64`); `nil` for anything but 16 bytes.
    static func describe(ipv6 bytes: [UInt8]) -> String? {
        guard bytes.count == 16 else { return nil }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return bytes[12..<16].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { index in
            String(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }
}
