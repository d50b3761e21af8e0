import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `fcgen serve` on a port something else holds: one line naming the address and what to do, and the usage exit code.
struct ServeBusyPortTests {
    @Test func aBusyPortIsNamedWithTheFlagThatChangesIt() async throws {
        let holder = try PortHolder()
        defer { holder.close() }
        let cli = try CLIRunner()
        let result = try await cli.run([
            "serve", "--db", cli.databasePath, "--offline", "--port", String(holder.port),
        ])
        #expect(result.status == 64, "stderr: \(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("error") }
        #expect(
            lines == [
                "fcgen: error: --port: 127.0.0.1:\(holder.port) is already in use; choose another port with --port (0 picks a free one)"
            ], "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("errno"))
    }
}

/// A listening TCP socket on a free loopback port, held until ``close()``.
private struct PortHolder {
    let descriptor: Int32
    let port: Int

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EBADF) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 1) == 0 else { throw POSIXError(.EADDRINUSE) }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw POSIXError(.EBADF) }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
