package import Foundation
import Synchronization

/// The suite's one schema validator: `Tests/Support/validate_server.py` (the reference validator, python3
/// `jsonschema`, draft 2020-12), started by the first test that asks and then asked by every other over a pipe,
/// one request per line, instead of a python process per test (70 a run, each paying python's and jsonschema's
/// start-up on a 2-core machine). It ends with the test process: its stdin reaches end of file.
package final class SchemaValidator: Sendable {
    package static let shared = SchemaValidator()

    /// What the cases are checked against: `docs/openapi.json`'s component schemas (`body` members) or
    /// `docs/json-schemas/<schema>.json` (`stdout` members).
    package enum Kind: String, Sendable {
        case openapi, json
    }

    /// How many cases were checked and one line per problem (naming the case's label, its schema and the path).
    package struct Answer: Decodable, Sendable {
        package var count: Int
        package var problems: [String]
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    private struct Request<Case: Encodable>: Encodable {
        var kind: String
        var cases: [Case]
    }

    private struct Running: @unchecked Sendable {
        let process: Process
        let input: FileHandle
        let output: FileHandle
        let errorPath: String
    }

    /// The validator once started; requests hold the lock for their whole exchange, so answers never interleave.
    private let running = Mutex<Running?>(nil)

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Checks `cases` (each with `label`, `schema` and `body` or `stdout`), on a thread of its own: the exchange
    /// blocks on the pipe.
    ///
    /// - Throws: ``Failure`` when python or `jsonschema` is missing, or the validator ended.
    package func validate<Case: Encodable & Sendable>(_ kind: Kind, _ cases: [Case]) async throws -> Answer {
        var line = try JSONEncoder().encode(Request(kind: kind.rawValue, cases: cases))
        line.append(UInt8(ascii: "\n"))
        let request = line
        let reply = try await onOwnThread { () throws -> Data in
            try self.running.withLock { running in
                let validator = try running ?? Self.start()
                running = validator
                do {
                    try validator.input.write(contentsOf: request)
                    return try Self.line(from: validator.output)
                } catch {
                    running = nil
                    let log = (try? String(contentsOfFile: validator.errorPath, encoding: .utf8)) ?? ""
                    throw Failure(description: "the schema validator ended (\(error)): \(log)")
                }
            }
        }
        return try JSONDecoder().decode(Answer.self, from: reply)
    }

    private static func start() throws -> Running {
        let script = repositoryRoot.appendingPathComponent("Tests/Support/validate_server.py").path
        let errorPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("fcgen-validator-\(UUID().uuidString).err").path
        FileManager.default.createFile(atPath: errorPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        do {
            try process.run()
        } catch {
            throw Failure(description: "python3 \(script) could not start: \(error)")
        }
        return Running(
            process: process, input: input.fileHandleForWriting, output: output.fileHandleForReading,
            errorPath: errorPath)
    }

    /// One answer line (without its line feed).
    private static func line(from output: FileHandle) throws -> Data {
        var received = Data()
        while received.last != UInt8(ascii: "\n") {
            let chunk = output.availableData
            guard !chunk.isEmpty else { throw Failure(description: "no answer: end of its output") }
            received.append(chunk)
        }
        return received.dropLast()
    }
}
