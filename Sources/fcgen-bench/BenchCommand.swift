import ArgumentParser

/// `fcgen-bench`'s command line as swift-argument-parser describes it: what `--experimental-dump-help` prints, so
/// the man page plugin (`swift package generate-manual`) documents `fcgen-bench` and `fcgen-bench live`. main.swift
/// reads the names and the options it describes (`BenchOptions`); `live` parses with ``LiveOptions`` itself.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fcgen-bench",
        abstract: "fcgen's benchmarks: one JSON line per figure on stdout, progress on stderr.",
        discussion: """
            Exit status: 0 when every benchmark ran (whether or not its figures met their targets; read "pass"), 1 \
            when one failed to run, 64 for an unknown name or a bad option.
            """,
        subcommands: [LiveCommand.self])

    @Argument(help: "The benchmarks to run (default: all but live; --list names them)")
    var names: [String] = []

    @Option(
        help: "A PostgreSQL server URL for the benchmarks that measure both engines (else FCGEN_BENCH_POSTGRES_URL)")
    var postgres: String?

    @Option(help: "serve: also load 2 … N fcgen serve processes on one PostgreSQL database (1-8)")
    var instances: Int?

    @Flag(help: "List the benchmarks and what each measures")
    var list = false
}

/// `fcgen-bench live`, for the help dump; the run itself is ``LiveBenchmark/run(_:)``.
struct LiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live", abstract: "Runs a fixed list of topics through a real model and reports what was kept.")

    @OptionGroup var options: LiveOptions
}
