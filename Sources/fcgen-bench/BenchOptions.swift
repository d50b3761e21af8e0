import Foundation

/// Options of `fcgen-bench` beside the benchmark names: `--postgres URL` (else `$FCGEN_BENCH_POSTGRES_URL`), the
/// PostgreSQL server that benchmarks measuring both engines (`engines`) create their scratch databases on, and
/// `--instances N` for `serve`.
enum BenchOptions {
    /// The environment variable read when `--postgres` is not given.
    static let postgresVariable = "FCGEN_BENCH_POSTGRES_URL"

    /// The PostgreSQL server URL, or `nil`: those benchmarks then measure SQLite alone and say so.
    static let postgresURL: String? = {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let index = arguments.firstIndex(of: "--postgres"), index + 1 < arguments.count {
            return arguments[index + 1]
        }
        let value = ProcessInfo.processInfo.environment[postgresVariable] ?? ""
        return value.isEmpty ? nil : value
    }()

    /// `--instances N` (1-8, default 1): `serve` runs its load against 1, 2, … N `fcgen serve` processes on one
    /// database, side by side.
    static let instances: Int = {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let index = arguments.firstIndex(of: "--instances"), index + 1 < arguments.count else { return 1 }
        return Int(arguments[index + 1]) ?? 0
    }()

    /// `arguments` without the options and their values: the benchmark names.
    static func names(in arguments: [String]) throws -> [String] {
        var names: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--postgres":
                guard let value = rest.popFirst(), !value.hasPrefix("-") else {
                    throw BenchmarkFailure(
                        "--postgres needs a URL, e.g. --postgres postgres://fcgen@127.0.0.1:5432/fcgen")
                }
                _ = value
            case "--instances":
                guard let value = rest.popFirst(), Int(value).map({ (1...8).contains($0) }) == true else {
                    throw BenchmarkFailure("--instances needs a number of fcgen serve processes in 1...8")
                }
            default:
                names.append(argument)
            }
        }
        return names
    }
}
