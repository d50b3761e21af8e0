import FCCore
import FCGenerator
import FCPipeline
import FCScheduler
import FCStore
import FCTestSupport
import Foundation
import Synchronization

/// A large `fcgen import` while 4 generations and a stream of reviews write to the same SQLite file: does anyone
/// lose work to the import's lock?
///
/// The import runs in a child process (``ImportRun``), so its write lock is another process's, as when
/// `fcgen import` runs beside a worker. Meanwhile this process runs 4 generations (`Pipeline.generate`, one batch
/// of 15 cards at a time, the loopback stub answering after 0.2 s) and records single gamified reviews back to
/// back, until the import ends. Figures: import time, the import's longest write transaction, batches failed
/// (must be 0), re-requests (model requests beyond one per batch, must be 0), reviews failed and the reviews'
/// p99 latency. The loopback stub answers in this process too: no figure here is this process's CPU or memory, and
/// its few replies a second cost the reviews' latency what a stub in another process on the same cores cost.
///
/// Rows: `FCGEN_BENCH_IMPORT_ROWS` (default 1,000,000; e.g. 330000 for the figure in docs/store.md).
/// `FCGEN_BENCH_IMPORT_CHUNK` sets the rows per staging transaction (default the import's 5,000); setting it to the
/// row count stages the whole file in one transaction, as imports did before staging. `FCGEN_BENCH_IMPORT_MOVE_CHUNK`
/// sets the cards per transaction moving into the new topic (default the import's 25,000).
enum StagedImportBenchmark {
    static let name = "staged-import"
    static let generations = 4

    static var rows: Int { setting("FCGEN_BENCH_IMPORT_ROWS") ?? 1_000_000 }
    static var chunkRows: Int { setting("FCGEN_BENCH_IMPORT_CHUNK") ?? ImportCards.chunkRows }
    static var moveChunkCards: Int { setting("FCGEN_BENCH_IMPORT_MOVE_CHUNK") ?? ImportCards.moveChunkCards }

    static let benchmark = Benchmark(
        name: name, summary: "import 1M rows (FCGEN_BENCH_IMPORT_ROWS) beside 4 generations and reviews, one file"
    ) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-bench-staged-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = StagedImportBenchmark.rows
        let csv = directory.appendingPathComponent("deck.csv")
        try CSVImportBenchmark.writeCSV(rows: rows, to: csv)
        let path = directory.appendingPathComponent("shared.sqlite").path
        let store = try await Store.open(path: path, now: .system)
        let user = try await Learners.ensure(on: store, named: User.defaultName)
        let cardIDs = try await ReviewRecordingBenchmark.makeTopic("Reviews", algorithm: .badger, in: store)
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let pipeline = makePipeline(store: store, url: server.url("/openai/0.2/v1"))
        let chatsBefore = try await server.counters()["chats"] ?? 0

        let chunkRows = StagedImportBenchmark.chunkRows
        let moveChunkCards = StagedImportBenchmark.moveChunkCards
        progress(
            "\(name): importing \(rows) rows (chunks of \(chunkRows), moved \(moveChunkCards) at a time) beside "
                + "\(generations) generations…")
        let run = ImportRun(
            databasePath: path, csvPath: csv.path, rows: rows, chunkRows: chunkRows, moveChunkCards: moveChunkCards)
        let importing = Task { try await run.launchChild() }
        let done = StopFlag()
        async let generated = generate(pipeline, until: done)
        async let reviewed = review(
            ReviewRecorder(store: store, gamifier: Gamifier(random: RandomSource(seed: 42)), now: .system),
            userID: user.id, cardIDs: cardIDs, until: done)
        let imported: ImportRun.Result
        do {
            imported = try await importing.value
        } catch {
            done.set()
            _ = await (generated, reviewed)
            throw error
        }
        done.set()
        let (batches, reviews) = await (generated, reviewed)
        let chats = (try await server.counters()["chats"] ?? 0) - chatsBefore
        let reRequests = chats - batches.stored - batches.failed

        progress(
            "\(name): \(rows) rows in \(String(format: "%.1f", imported.seconds)) s, longest write "
                + "\(String(format: "%.1f", imported.longestHoldMilliseconds)) ms (\(imported.longestHoldOperation)); "
                + "\(batches.stored) batches stored, \(batches.failed) failed (\(batches.errors.first ?? "-")), "
                + "\(reRequests) re-requests; \(reviews.latencies.count) reviews, \(reviews.failed) failed "
                + "(\(reviews.errors.first ?? "-"))")
        func figure(_ metric: String, _ value: Double, _ unit: String, _ goal: BenchmarkResult.Goal = .none) {
            report(BenchmarkResult(benchmark: name, metric: metric, value: value, unit: unit, goal: goal))
        }
        figure("import_seconds", imported.seconds, "s")
        figure("import_rows", Double(rows), "rows")
        figure("longest_write_hold_ms", imported.longestHoldMilliseconds, "ms", .atMost(1_000))
        figure("batches_stored", Double(batches.stored), "batches", .atLeast(Double(generations)))
        figure("batches_failed", Double(batches.failed), "batches", .atMost(0))
        figure("re_requests", Double(reRequests), "requests", .atMost(0))
        figure("reviews_recorded", Double(reviews.latencies.count), "reviews")
        figure("reviews_failed", Double(reviews.failed), "reviews", .atMost(0))
        figure("review_p99_ms", percentile(reviews.latencies, 0.99), "ms")
        figure("review_max_ms", reviews.latencies.max() ?? 0, "ms")
    }

    struct Batches: Sendable {
        var stored = 0
        var failed = 0
        var errors: [String] = []
    }

    struct Reviews: Sendable {
        var latencies: [Double] = []
        var failed = 0
        var errors: [String] = []
    }

    /// 4 topics, each generating one batch after another until `done` (at least one batch each).
    private static func generate(_ pipeline: Pipeline, until done: StopFlag) async -> Batches {
        await withTaskGroup(of: Batches.self) { group in
            for index in 1...generations {
                group.addTask {
                    var batches = Batches()
                    repeat {
                        do {
                            let summaries = try await pipeline.generate(
                                topic: "Generated \(index)", batches: 1,
                                options: GenerationOptions(cardsPerBatch: 15, concurrency: 1))
                            batches.stored += summaries.count
                        } catch {
                            batches.failed += 1
                            batches.errors.append("\(error)")
                        }
                    } while !done.isSet
                    return batches
                }
            }
            var total = Batches()
            for await part in group {
                total.stored += part.stored
                total.failed += part.failed
                total.errors += part.errors
            }
            return total
        }
    }

    /// Single reviews back to back over the topic's cards until `done`, each timed.
    private static func review(
        _ recorder: ReviewRecorder, userID: Int64, cardIDs: [Int64], until done: StopFlag
    ) async -> Reviews {
        var reviews = Reviews()
        var round = 0
        while !done.isSet {
            for (index, cardID) in cardIDs.enumerated() where !done.isSet {
                let start = ContinuousClock.now
                do {
                    _ = try await recorder.record(
                        userID: userID, cardID: cardID,
                        rating: SchedulerThroughputBenchmark.rating(card: index, round: round), at: Date())
                    reviews.latencies.append(ImportRun.milliseconds(ContinuousClock.now - start))
                } catch {
                    reviews.failed += 1
                    if reviews.errors.count < 5 { reviews.errors.append("\(error)") }
                }
            }
            round += 1
        }
        return reviews
    }

    private static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }

    private static func makePipeline(store: Store, url: URL) -> Pipeline {
        let clock = ContinuousClock()
        let settings = ProviderSettings(
            kind: .openai, baseURL: url, model: "stub-model", timeoutSeconds: 30, structuredOutput: .jsonObject,
            retry: RetryPolicy(maxAttempts: 1))  // a retry would be a re-request: count it as a failure instead
        let provider = makeProvider(
            settings, transport: TestHTTPClient.transport(), clock: clock, random: RandomSource(seed: 7),
            events: { _ in })
        return Pipeline(store: store, provider: provider, templates: .builtIn, clock: clock)
    }

    private static func setting(_ variable: String) -> Int? {
        ProcessInfo.processInfo.environment[variable].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    }
}

/// Set once, read by many tasks: the import has ended.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func set() { value.store(true, ordering: .releasing) }
}
