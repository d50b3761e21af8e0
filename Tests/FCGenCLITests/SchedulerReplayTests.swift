import Foundation
import Testing

/// `fcgen scheduler replay` on the built binary: reference vectors in, the expected states out; bad lines refused.
struct SchedulerReplayTests {
    static let vectors = CLIRunner.repositoryRoot
        .appendingPathComponent("Tests/FCSchedulerTests/Vectors/vectors-200.jsonl")

    /// The first `count` lines of the reference vector file.
    static func vectorLines(_ count: Int) throws -> [String] {
        let text = try String(contentsOf: vectors, encoding: .utf8)
        return Array(text.split(separator: "\n").prefix(count).map(String.init))
    }

    @Test func fsrsReplayReproducesTheReferenceVectors() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let lines = try Self.vectorLines(5)
        let input = Data((lines.joined(separator: "\n") + "\n").utf8)
        let result = try await cli.run(["scheduler", "replay", "--algorithm", "fsrs", "-"], stdin: input)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let outputs = result.stdout.split(separator: "\n")
        #expect(outputs.count == lines.count)
        for (line, output) in zip(lines, outputs) {
            let vector = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let replayed = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            #expect(replayed["id"] as? Int == vector["id"] as? Int)
            #expect(replayed["algorithm"] as? String == "fsrs")
            let expected = try #require(vector["expected"] as? [[String: Any]])
            let states = try #require(replayed["states"] as? [[String: Any]])
            #expect(states.count == expected.count)
            for (index, (state, want)) in zip(states, expected).enumerated() {
                let context = Comment(rawValue: "id \(vector["id"] ?? "?") review \(index)")
                #expect(state["state"] as? Int == want["state"] as? Int, context)
                #expect(state["step"] as? Int == want["step"] as? Int, context)
                #expect((state["step"] is NSNull) == (want["step"] is NSNull), context)
                #expect(state["due"] as? Int == want["due"] as? Int, context)
                for key in ["stability", "difficulty", "retrievability"] {
                    let actual = try #require(state[key] as? Double, context)
                    let wanted = try #require(want[key] as? Double, context)
                    let error = wanted == 0 ? abs(actual) : abs(actual - wanted) / abs(wanted)
                    #expect(error <= 1e-9, "\(context) \(key): \(actual) vs \(wanted)")
                }
            }
        }
    }

    @Test func outputHasSortedKeysAndNullsForUnsetFields() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let input = Data(#"{"created": 1800000000, "reviews": [{"t": 1800000000, "rating": 3}]}"#.utf8)
        let result = try await cli.run(["scheduler", "replay", "--algorithm", "leitner", "-"], stdin: input)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(
            result.stdout == """
                {"algorithm":"leitner","schemaVersion":1,"states":[{"box":1,"difficulty":null,"due":1800259200,\
                "stability":3,"state":2,"step":null}]}

                """)
    }

    @Test func badgerReplayIsDeterministicForASeed() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let input = Data(try Self.vectorLines(3).joined(separator: "\n").utf8)
        let first = try await cli.run(["scheduler", "replay", "--seed", "7", "-"], stdin: input)
        let second = try await cli.run(
            ["scheduler", "replay", "--algorithm", "badger", "--seed", "7", "-"], stdin: input)
        let other = try await cli.run(["scheduler", "replay", "--seed", "8", "-"], stdin: input)
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(first.stdout == second.stdout)
        #expect(first.stdout != other.stdout)
        #expect(first.stdout.split(separator: "\n").count == 3)
    }

    @Test func malformedLineIsADataErrorWithItsLineNumber() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let file = cli.directory.appendingPathComponent("reviews.jsonl")
        let lines =
            try Self.vectorLines(2) + ["", #"{"created": 1800000000, "reviews": [{"t": 1800000000, "rating": 5}]}"#]
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let result = try await cli.run(["scheduler", "replay", "--algorithm", "fsrs", file.path])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "fcgen: error: \(file.path):4: reviews[0]: rating 5 is not 1–4 (again, hard, good, easy)\n")
    }

    @Test func notJSONIsADataError() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(
            ["scheduler", "replay", "-"], stdin: Data("{\"created\": 1, \"reviews\": [\n".utf8))
        #expect(result.status == 65)
        #expect(result.stderr == "fcgen: error: <stdin>:1: not valid JSON\n")
    }
}
