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
        let ran = try await ChildProcess.run("/usr/bin/env", ["python3"] + arguments, workingDirectory: directory)
        let output = ran.output + ran.error
        try? output.write(to: directory.appendingPathComponent("\(name).out"), atomically: true, encoding: .utf8)
        return PythonTool(status: ran.termination.status, output: output)
    }

    /// The last `count` characters of the output: a report that fits in a test failure.
    func tail(_ count: Int = 20_000) -> String {
        output.count > count ? "…" + String(output.suffix(count)) : output
    }
}
