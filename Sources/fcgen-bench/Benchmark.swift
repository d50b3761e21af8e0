/// A named benchmark: `run` measures something and calls ``report(_:)`` once per figure.
struct Benchmark: Sendable {
    var name: String
    var summary: String
    var run: @Sendable () async throws -> Void
}

extension Benchmark {
    /// Every benchmark, in the order `fcgen-bench` runs them when none is named.
    static let all: [Benchmark] = [
        TransportWaitBenchmark.benchmark, SanitizerBenchmark.benchmark, NearDuplicateBenchmark.benchmark,
        QualityBenchmark.benchmark,
        StoreBenchmark.benchmark,
        PipelineWaitBenchmark.benchmark, PipelineMemoryBenchmark.benchmark, CSVImportBenchmark.benchmark,
        StagedImportBenchmark.benchmark,
        GamificationBenchmark.benchmark, SchedulerThroughputBenchmark.benchmark, ReviewRecordingBenchmark.benchmark,
        NextDueBenchmark.benchmark,
        WorkerBenchmark.benchmark, TimeToFirstCardBenchmark.benchmark, EnginesBenchmark.benchmark,
        ServeBenchmark.benchmark,
    ]
}
