// fcgen-bench: benchmarks, one JSON line per figure on stdout, progress on stderr.
//
//     fcgen-bench [name…] [--postgres URL] [--instances N]
//                                             run the named benchmarks (default: all); --postgres (or
//                                             $FCGEN_BENCH_POSTGRES_URL) adds PostgreSQL to `engines`; --instances
//                                             loads 1 … N `fcgen serve` processes on one PostgreSQL database (`serve`)
//     fcgen-bench --list                      list them
//     fcgen-bench live --base-url URL --model M [--topics FILE] [--batches N] [--embedding-model E]
//                                             a real model through the pipeline (see Live/LiveBenchmark.swift)
//
// Exit status: 0 when every benchmark ran (whether or not its figures met their targets; read "pass"),
// 1 when one failed to run, 64 for an unknown name.
//
// Internal: `fcgen-bench --pipeline-child <json>`, `--worker-child <json>`, `--import-child <json>` and
// `--transport-child <json>` are how the pipeline, worker, staged-import and transport-wait benchmarks run a measured
// stretch in a fresh process (see BenchChild.swift).
import ArgumentParser
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())

let childRuns: [any BenchChildRun.Type] = [PipelineRun.self, WorkerRun.self, ImportRun.self, TransportRun.self]
if arguments.count == 2, let child = childRuns.first(where: { $0.childFlag == arguments[0] }) {
    do {
        try await child.runChild(arguments[1])
        exit(0)
    } catch {
        progress("\(arguments[0]) child: \(error)")
        exit(1)
    }
}

// The command line as swift-argument-parser describes it, for the man page plugin.
if arguments.first == "--experimental-dump-help" { BenchCommand.main() }

// `live` takes options of its own and needs a model server, so it runs only when named first.
if arguments.first == LiveBenchmark.name {
    do {
        try await LiveBenchmark.run(Array(arguments.dropFirst()))
        exit(0)
    } catch {
        progress(LiveOptions.fullMessage(for: error))
        exit(LiveOptions.exitCode(for: error).rawValue)
    }
}

if arguments.contains(where: { ["--list", "--help", "-h"].contains($0) }) {
    for benchmark in Benchmark.all { print("\(benchmark.name)\t\(benchmark.summary)") }
    exit(0)
}

let names: [String]
do {
    names = try BenchOptions.names(in: arguments)
} catch {
    progress("fcgen-bench: \(error)")
    exit(64)
}
let unknown = names.filter { name in !Benchmark.all.contains { $0.name == name } }
guard unknown.isEmpty else {
    progress("fcgen-bench: unknown benchmark \(unknown.joined(separator: ", ")); try --list")
    exit(64)
}

let selected = names.isEmpty ? Benchmark.all : Benchmark.all.filter { names.contains($0.name) }
var failed = false
for benchmark in selected {
    progress("\(benchmark.name): \(benchmark.summary)")
    do {
        try await benchmark.run()
    } catch {
        progress("\(benchmark.name): failed: \(error)")
        failed = true
    }
}
exit(failed ? 1 : 0)
