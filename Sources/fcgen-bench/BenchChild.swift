import Foundation

/// A measured run that `fcgen-bench` performs in a fresh child process of itself.
///
/// A child of its own, so that its peak RSS is the run's and not what earlier benchmarks left in this process's
/// heap, and its CPU time is only the run's. The parent passes the run as JSON after ``childFlag``; the child
/// performs it and prints one `Result` JSON line on stdout (progress goes to stderr). `main.swift` dispatches the
/// flag to ``runChild(_:)``.
protocol BenchChildRun: Codable {
    associatedtype Result: Codable

    /// The first argument that makes `fcgen-bench` a child performing this kind of run.
    static var childFlag: String { get }

    /// Runs in the child: does the measured work and returns what it measured.
    func perform() async throws -> Result
}

extension BenchChildRun {
    /// Runs in the parent: starts `fcgen-bench <childFlag> <json>`, waits for it and decodes its result line.
    func launchChild() throws -> Result {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [Self.childFlag, String(decoding: try JSONEncoder().encode(self), as: UTF8.self)]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkFailure("\(Self.childFlag) child exited with status \(process.terminationStatus)")
        }
        return try JSONDecoder().decode(Result.self, from: data)
    }

    /// The child's entry point: decodes the run from `argument`, performs it, prints the result.
    static func runChild(_ argument: String) async throws {
        let run = try JSONDecoder().decode(Self.self, from: Data(argument.utf8))
        let result = try await run.perform()
        FileHandle.standardOutput.write(try JSONEncoder().encode(result) + Data("\n".utf8))
    }
}

extension PipelineRun: BenchChildRun {}
