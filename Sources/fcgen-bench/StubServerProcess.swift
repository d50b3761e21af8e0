import Foundation

/// `Tests/Support/slow_http_server.py` as a child process, for benchmarks that need a slow HTTP peer.
///
/// The server is a separate process on purpose: its CPU does not show up in this process's `getrusage`.
/// It exits when its stdin closes, which ``stop()`` does (and so does this process dying).
final class StubServerProcess {
    enum LaunchError: Error, CustomStringConvertible {
        case scriptMissing(String)
        case noPort(String)

        var description: String {
            switch self {
            case .scriptMissing(let path): "stub server script not found at \(path); run from the source tree"
            case .noPort(let output): "stub server did not print its port (got \"\(output)\")"
            }
        }
    }

    /// The script, found relative to this source file so the benchmark runs from any working directory.
    static let scriptPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Support/slow_http_server.py").path

    let port: Int
    private let process = Process()
    private let input = Pipe()

    /// Starts the server and waits for its `PORT <n>` line.
    init() throws {
        guard FileManager.default.fileExists(atPath: Self.scriptPath) else {
            throw LaunchError.scriptMissing(Self.scriptPath)
        }
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.scriptPath]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else { throw LaunchError.noPort(text) }
        self.port = port
    }

    deinit { stop() }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// Closes the server's stdin (its signal to exit) and waits for it.
    func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
