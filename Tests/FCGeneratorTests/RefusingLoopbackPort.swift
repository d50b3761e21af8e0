import Glibc
import Testing

/// Runs `body` with a loopback TCP port that refuses connections until `body` returns.
///
/// The socket is bound but never listens, so a connection to it is refused at once. Holding it, rather than binding
/// and closing a socket to learn a free port, keeps the port from being handed to another test's server in the
/// meantime: that race once turned "connection refused" into a 404 from a stranger's server. The socket sets no
/// `SO_REUSEADDR`, so no other socket can bind the port while it is held, and the kernel's ephemeral-port choice
/// skips it.
func withRefusingLoopbackPort<T>(_ body: (_ port: Int) async throws -> T) async throws -> T {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(descriptor >= 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
            bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
        }
    }
    defer { close(descriptor) }
    try #require(bound)
    return try await body(Int(UInt16(bigEndian: address.sin_port)))
}
