import FCTestSupport
import Foundation

/// A measured run that `fcgen-bench` performs in a fresh child process of itself.
///
/// A child of its own, so that its peak RSS is the run's and not what earlier benchmarks left in this process's
/// heap, and its CPU time is only the run's: not the loopback LLM stub's either, which runs in the parent (it is a
/// Hummingbird app in the process that starts it). The parent passes the run as JSON after ``childFlag``; the child
/// performs it and prints one `Result` JSON line on stdout (progress goes to stderr). `main.swift` dispatches the
/// flag to ``runChild(_:)``.
protocol BenchChildRun: Codable, Sendable {
    associatedtype Result: Codable & Sendable

    /// The first argument that makes `fcgen-bench` a child performing this kind of run.
    static var childFlag: String { get }

    /// Runs in the child: does the measured work and returns what it measured.
    func perform() async throws -> Result
}

extension BenchChildRun {
    /// Runs in the parent: starts `fcgen-bench <childFlag> <json>`, awaits its exit and decodes its result line.
    ///
    /// The exit is awaited without holding a thread (``ChildProcess``): the stub in this process answers the child on
    /// the cooperative pool, two threads on a 2-core machine. What the child wrote on stderr is passed on once it ended.
    func launchChild() async throws -> Result {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let run = String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
        let (termination, output, error) = try await ChildProcess.run(executable, [Self.childFlag, run])
        if !error.isEmpty { FileHandle.standardError.write(Data(error.utf8)) }
        guard termination == .exited(0) else {
            throw BenchmarkFailure("\(Self.childFlag) child ended: \(termination)")
        }
        return try JSONDecoder().decode(Result.self, from: Data(output.utf8))
    }

    /// The child's entry point: decodes the run from `argument`, performs it, prints the result.
    static func runChild(_ argument: String) async throws {
        let run = try JSONDecoder().decode(Self.self, from: Data(argument.utf8))
        let result = try await run.perform()
        FileHandle.standardOutput.write(try JSONEncoder().encode(result) + Data("\n".utf8))
    }
}
