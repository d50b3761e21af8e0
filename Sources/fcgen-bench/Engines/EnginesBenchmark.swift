import Foundation

/// SQLite and PostgreSQL side by side in one run: the same workloads (``EngineWorkloads``) on a fresh database of
/// each engine, one after the other, each figure followed by its PostgreSQL/SQLite ratio.
///
/// Figures: the smallest read transaction (median ms, the per-statement cost behind the rest); cards/s stored in 15-card batches; gamified reviews/s, one per transaction (from one writer, and from 8 at once) and 100 per transaction;
/// median ms of the next 50 due cards of 1M (store query, spaced queue, and the later-levels case); job claims/s
/// with 3 claimers. Targets
/// (from the Store v2 issue): PostgreSQL reviews/s ≥ 50 % of SQLite's; next-due median ≤ 5 ms on both.
///
/// PostgreSQL comes from `--postgres URL` or `$FCGEN_BENCH_POSTGRES_URL` (any database on the server; each workload
/// creates and drops one of its own). Without it the benchmark says so and measures SQLite alone. On a shared machine
/// read the ratios: both engines run in the same minutes under the same load. `FCGEN_BENCH_ENGINES_ONLY=reviews`
/// (labels `read`, `store`, `reviews`, `due`, `claims`, comma-separated) runs only those workloads.
enum EnginesBenchmark {
    static let name = "engines"

    static let benchmark = Benchmark(
        name: name,
        summary: "SQLite and PostgreSQL side by side: batches, reviews, next due, job claims (--postgres URL)"
    ) {
        var engines = [EngineTarget.sqlite]
        if let url = BenchOptions.postgresURL {
            engines.append(try EngineTarget.postgres(serverURL: url))
        } else {
            progress(
                "\(name): no PostgreSQL server given (--postgres URL or \(BenchOptions.postgresVariable)): "
                    + "measuring SQLite only")
        }
        for engine in engines { progress("\(name): \(engine.name) on \(engine.detail)") }

        try await compare(engines, "read_select_1.median", "ms", label: "read") { _, database in
            try await EngineWorkloads.smallestRead(in: database)
        }
        try await compare(engines, "cards_per_second", "cards/s", label: "store") { _, database in
            try await EngineWorkloads.storeCards(in: database)
        }
        try await compare(engines, "reviews_per_s_single", "reviews/s", label: "reviews", ratioAtLeast: 0.5) {
            _, database in try await EngineWorkloads.reviews(in: database, batched: false)
        }
        try await compare(
            engines, "reviews_per_s_concurrent_\(EngineWorkloads.reviewWriters)", "reviews/s", label: "reviews",
            ratioAtLeast: 0.5
        ) { _, database in try await EngineWorkloads.concurrentReviews(in: database) }
        try await compare(engines, "reviews_per_s_batched_100", "reviews/s", label: "reviews", ratioAtLeast: 0.5) {
            _, database in try await EngineWorkloads.reviews(in: database, batched: true)
        }
        var (queueMedians, laterMedians): ([String: Double], [String: Double]) = ([:], [:])
        try await compare(engines, "next_due_50.median", "ms", label: "due", atMost: 5) { engine, database in
            let due = try await EngineWorkloads.nextDue(in: database)
            progress(
                "\(name): \(engine): loaded \(EngineWorkloads.dueCards) learning cards in \(format(due.loadSeconds)) s")
            queueMedians[engine] = due.queue
            laterMedians[engine] = due.laterLevels
            return due.query
        }
        report(queueMedians, engines, "spaced_queue_50.median", "ms", atMost: 5)
        report(laterMedians, engines, "next_due_50.later_levels.median", "ms", atMost: 5)
        try await compare(engines, "claims_per_second_3_claimers", "claims/s", label: "claims") { engine, database in
            let claims = try await EngineWorkloads.claims(in: database)
            progress("\(name): \(engine): claims by claimer: \(claims.split.map(String.init).joined(separator: ", "))")
            return claims.rate
        }
    }

    /// Runs `workload` on a fresh database of each engine and reports its figure per engine and the ratio.
    private static func compare(
        _ engines: [EngineTarget], _ metric: String, _ unit: String, label: String, atMost: Double? = nil,
        ratioAtLeast: Double? = nil, _ workload: (String, EngineTarget.Database) async throws -> Double
    ) async throws {
        guard isSelected(label) else { return }
        var values: [String: Double] = [:]
        for engine in engines {
            let database = try await engine.makeDatabase(label)
            do {
                values[engine.name] = try await workload(engine.name, database)
            } catch {
                await database.remove()
                throw error
            }
            await database.remove()
            progress("\(name): \(engine.name) \(metric) = \(format(values[engine.name] ?? 0)) \(unit)")
        }
        report(values, engines, metric, unit, atMost: atMost, ratioAtLeast: ratioAtLeast)
    }

    /// The workloads to run, by label (`read,store,reviews,due,claims`) from `$FCGEN_BENCH_ENGINES_ONLY`; all
    /// when it is unset or empty.
    static let selectedLabels: Set<String>? = {
        let value = ProcessInfo.processInfo.environment["FCGEN_BENCH_ENGINES_ONLY"] ?? ""
        let labels = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return labels.isEmpty ? nil : Set(labels)
    }()

    private static func isSelected(_ label: String) -> Bool {
        selectedLabels?.contains(label) ?? true
    }

    /// One line per engine (`sqlite.<metric>`, `postgres.<metric>`), then `postgres_over_sqlite.<metric>`.
    private static func report(
        _ values: [String: Double], _ engines: [EngineTarget], _ metric: String, _ unit: String,
        atMost: Double? = nil, ratioAtLeast: Double? = nil
    ) {
        for engine in engines {
            guard let value = values[engine.name] else { continue }
            fcgen_bench.report(
                .init(
                    benchmark: name, metric: "\(engine.name).\(metric)", value: value, unit: unit,
                    goal: atMost.map { .atMost($0) } ?? .none))
        }
        guard let sqlite = values["sqlite"], let postgres = values["postgres"], sqlite > 0 else { return }
        fcgen_bench.report(
            .init(
                benchmark: name, metric: "postgres_over_sqlite.\(metric)", value: postgres / sqlite, unit: "ratio",
                goal: ratioAtLeast.map { .atLeast($0) } ?? .none))
    }

    private static func format(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.3f", value)
    }
}
