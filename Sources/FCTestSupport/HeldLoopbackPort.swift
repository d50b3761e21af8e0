import Foundation

/// Runs `body` with a loopback TCP port this process holds until `body` returns: bound but not listening, so a
/// connection to it is refused at once (`listening: false`), or listening, so nothing else can bind it (`true`).
///
/// Holding the port, rather than binding and closing a socket to learn a free one, keeps it from being handed to
/// another test's server in the meantime: that race once turned "connection refused" into a 404 from a stranger's
/// server. The socket sets no `SO_REUSEADDR`, so no other socket can bind the port while it is held, and the kernel's
/// ephemeral-port choice skips it.
///
/// - Throws: `POSIXError` when no socket can be made, bound or listened on.
package func withHeldLoopbackPort<T>(listening: Bool, _ body: (_ port: Int) async throws -> T) async throws -> T {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let held = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
            bind(descriptor, generic, length) == 0 && (!listening || listen(descriptor, 1) == 0)
                && getsockname(descriptor, generic, &length) == 0
        }
    }
    guard held else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return try await body(Int(UInt16(bigEndian: address.sin_port)))
}

/// ``withHeldLoopbackPort(listening:_:)`` with a port that refuses connections.
package func withRefusingLoopbackPort<T>(_ body: (_ port: Int) async throws -> T) async throws -> T {
    try await withHeldLoopbackPort(listening: false, body)
}
