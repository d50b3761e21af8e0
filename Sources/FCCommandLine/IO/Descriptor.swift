import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and writes on a file descriptor that stands for a command's standard streams (a caller's terminal,
/// ``CommandIO/terminal``), with nothing buffered: a line read takes exactly that line, so a key read next comes
/// straight from the descriptor, as on the process's own terminal.
enum Descriptor {
    /// Writes all of `bytes`; stops at an error (a terminal hung up), as a write to a closed stdout is lost.
    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }

    /// The next line without its line feed; `nil` at the end (end of file, an error) with nothing read.
    static func readLine(_ descriptor: Int32) -> String? {
        var line: [UInt8] = []
        while let byte = readByte(descriptor) {
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
    }

    /// Everything up to the end.
    static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return bytes }
            bytes += chunk[..<count]
        }
    }

    private static func readByte(_ descriptor: Int32) -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = Foundation.read(descriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            return count == 1 ? byte : nil
        }
    }
}
