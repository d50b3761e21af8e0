import ArgumentParser
import FCCommandLine
import FCCore
import FCPipeline
import FCScheduler
import Foundation

/// `fcgen scheduler …`: tools for the spaced-repetition schedulers.
struct SchedulerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scheduler",
        abstract: "Check the spaced-repetition schedulers (badger, fsrs, leitner).",
        subcommands: [SchedulerReplayCommand.self]
    )
}

/// `fcgen scheduler replay`: run review sequences through a scheduler, the way to compare it with another
/// implementation (the FSRS reference vectors use this format).
struct SchedulerReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay review sequences through a scheduler and print the state after every review.",
        discussion: """
            FILE holds JSON lines, one card each: {"id": 1, "created": 1788552090, "reviews": [{"t": 1788619941, \
            "rating": 3}, …]} with Unix seconds and ratings 1 again, 2 hard, 3 good, 4 easy (the words of \
            fcgen review --rating; FSRS's grades). Other keys are ignored; blank lines are skipped; - reads standard input.

            Prints one JSON line per card: {"algorithm", "id", "schemaVersion", "states": [{"state", "step", \
            "stability", "difficulty", "due"}, …]} with state 1 learning, 2 review, 3 relearning, due in Unix \
            seconds, plus "box" (leitner) and "retrievability" (fsrs). A bad line stops the run before any output \
            with exit code 65 and FILE:LINE on stderr.

            Examples:
              fcgen scheduler replay --algorithm fsrs vectors-200.jsonl
              fcgen scheduler replay --algorithm badger --seed 7 - < reviews.jsonl
            """
    )

    @Option(
        help: ArgumentHelp("The scheduling algorithm (default: badger).", valueName: "badger|fsrs|leitner"),
        transform: SchedulingAlgorithm.parse)
    var algorithm: SchedulingAlgorithm = .default

    @Argument(help: ArgumentHelp("JSON lines of review sequences, or - for standard input.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("Seed of the interval fuzz (each card gets seed + its line number).", valueName: "n"))
    var seed: UInt64 = 0

    @Flag(
        inversion: .prefixedNo,
        help: "Fuzz review intervals (default: on for badger, off for fsrs; leitner has none).")
    var fuzz: Bool?

    @Option(help: ArgumentHelp("badger: the learner's recent recall rate, 0–1.", valueName: "rate"))
    var recallRate: Double?

    func validate() throws {
        if let recallRate, !(0...1).contains(recallRate) {
            throw ValidationError("--recall-rate must be between 0 and 1, got \(recallRate)")
        }
        if recallRate != nil && algorithm != .badger {
            throw ValidationError("--recall-rate applies to --algorithm badger only")
        }
    }

    func run() async throws {
        try await reportingErrors {
            let name = file == "-" ? "<stdin>" : file
            let sequences = try ReplaySequence.parseLines(try readInput(), file: name)
            let scheduler = try makeScheduler()
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for sequence in sequences {
                let cardSeed = seed &+ UInt64(sequence.line)
                let outcomes = scheduler.replay(sequence.log, createdAt: sequence.created, cardSeed: cardSeed)
                let line = ReplayOutput(algorithm: algorithm, id: sequence.id, outcomes: outcomes)
                Console.out(String(decoding: try encoder.encode(line), as: UTF8.self))
            }
        }
    }

    private func makeScheduler() throws -> Scheduler {
        var configuration = SchedulerConfiguration()
        configuration.fsrs.enableFuzzing = fuzz ?? false
        configuration.badger.enableFuzzing = fuzz ?? true
        configuration.badger.recentRecallRate = recallRate
        return try Scheduler(algorithm: algorithm, configuration: configuration)
    }

    private func readInput() throws -> String {
        let data: Data
        if file == "-" {
            data = Data(CommandIO.readAll())
        } else {
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                throw PipelineError.input(file: file, problem: "cannot be read (no such file or not readable)")
            }
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw PipelineError.input(file: file, problem: "is not valid UTF-8")
        }
        return text
    }
}

/// One input line: a card's creation time and its review log.
struct ReplaySequence {
    /// The `id` of the input line, echoed in the output (a number or a string).
    var id: ReplayID?
    var created: Date
    var log: [ReviewLogEntry]
    /// 1-based line number in the input.
    var line: Int

    private struct Line: Decodable {
        struct Review: Decodable {
            var t: Int64
            var rating: Int
        }
        var id: ReplayID?
        var created: Int64
        var reviews: [Review]
    }

    /// Parses every non-blank line; the first bad one fails with `FILE:LINE` and what was wrong.
    static func parseLines(_ text: String, file: String) throws -> [ReplaySequence] {
        let decoder = JSONDecoder()
        var sequences: [ReplaySequence] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            guard rawLine.contains(where: { !$0.isWhitespace }) else { continue }
            func bad(_ problem: String) -> PipelineError { .input(file: "\(file):\(line)", problem: problem) }
            let decoded: Line
            do {
                decoded = try decoder.decode(Line.self, from: Data(rawLine.utf8))
            } catch let error as DecodingError {
                throw bad(describe(error))
            }
            var log: [ReviewLogEntry] = []
            var previous = decoded.created
            for (number, review) in decoded.reviews.enumerated() {
                guard let rating = Rating(fsrsGrade: review.rating) else {
                    throw bad("reviews[\(number)]: rating \(review.rating) is not 1–4 (again, hard, good, easy)")
                }
                guard review.t >= previous else {
                    let before = number == 0 ? "the card's creation" : "the previous review"
                    throw bad("reviews[\(number)]: time \(review.t) is earlier than \(before) (\(previous))")
                }
                previous = review.t
                log.append(ReviewLogEntry(reviewedAt: Date(timeIntervalSince1970: Double(review.t)), rating: rating))
            }
            sequences.append(
                ReplaySequence(
                    id: decoded.id, created: Date(timeIntervalSince1970: Double(decoded.created)), log: log,
                    line: line))
        }
        return sequences
    }

    /// A short, content-free account of a decoding failure: which key, and what was wrong with it.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context.codingPath)
            return "missing key \"\(parent.isEmpty ? "" : parent + ".")\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            if context.codingPath.isEmpty { return "not a JSON object" }
            return "\"\(path(context.codingPath))\" has the wrong type (times are integer Unix seconds)"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not valid JSON"
        case .dataCorrupted(let context):
            return "\"\(path(context.codingPath))\" is not valid"
        @unknown default:
            return "not a review sequence"
        }
    }
}

/// An input line's `id`: echoed as it came, number or string.
enum ReplayID: Codable {
    case number(Int64)
    case text(String)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            self = .number(number)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .text(let text): try container.encode(text)
        }
    }
}

/// One output line of `fcgen scheduler replay` (a contract: scripts compare it with other implementations).
struct ReplayOutput: Encodable {
    struct State: Encodable {
        var state: Int
        var step: Int?
        var stability: Double?
        var difficulty: Double?
        var due: Int64
        var box: Int?
        var retrievability: Double?

        enum CodingKeys: String, CodingKey {
            case state, step, stability, difficulty, due, box, retrievability
        }

        // The five core fields are always present (null when unset) so every line has one shape.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(state, forKey: .state)
            try container.encode(step, forKey: .step)
            try container.encode(stability, forKey: .stability)
            try container.encode(difficulty, forKey: .difficulty)
            try container.encode(due, forKey: .due)
            try container.encodeIfPresent(box, forKey: .box)
            try container.encodeIfPresent(retrievability, forKey: .retrievability)
        }
    }

    var schemaVersion = 1
    var algorithm: String
    var id: ReplayID?
    var states: [State]

    init(algorithm: SchedulingAlgorithm, id: ReplayID?, outcomes: [ReviewOutcome]) {
        self.algorithm = algorithm.rawValue
        self.id = id
        states = outcomes.map { outcome in
            let card = outcome.card
            return State(
                state: card.phase.rawValue, step: card.step, stability: card.stability, difficulty: card.difficulty,
                due: Int64(card.due.timeIntervalSince1970.rounded()), box: card.box,
                retrievability: outcome.retrievability)
        }
    }
}

extension SchedulingAlgorithm {
    /// Parses `--algorithm`.
    static func parse(_ name: String) throws -> SchedulingAlgorithm {
        guard let algorithm = SchedulingAlgorithm(rawValue: name) else {
            throw ValidationError("unknown algorithm \"\(name)\": use badger, fsrs or leitner")
        }
        return algorithm
    }
}
