import FCTestSupport
import Foundation
import Testing

/// A python3 tool run to completion in a folder, its output (stdout and stderr together) kept in a file.
///
/// It inherits the test's environment (unlike ``ChildProcess``): python3 may be a version manager's shim that finds
/// the interpreter, and the packages pip installed, only through the caller's `HOME` and `PATH`.
struct PythonTool {
    var status: Int32
    var output: String

    /// Runs `python3 arguments…` in `directory`; the output goes to `directory/<name>.out`.
    static func run(_ arguments: [String], in directory: URL, name: String) async throws -> PythonTool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = directory
        let outURL = directory.appendingPathComponent("\(name).out")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        let handle = try FileHandle(forWritingTo: outURL)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                process.waitForExit()
                continuation.resume()
            }.start()
        }
        return PythonTool(
            status: process.terminationStatus, output: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "")
    }

    /// The last `count` characters of the output: a report that fits in a test failure.
    func tail(_ count: Int = 20_000) -> String {
        output.count > count ? "…" + String(output.suffix(count)) : output
    }
}
