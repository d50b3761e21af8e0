import FCCore
import FCDeckFormats
import FCPipeline
import FCStore
import Foundation

/// `fcgen import` speed and memory: 100,000 and 1,000,000 CSV rows into an empty topic, each staged in chunks and
/// moved in by one transaction.
///
/// Target: ≥ 150,000 rows/s on the 1M file, and peak RSS for 1M about the same as for 100k (the file is streamed,
/// never loaded). Every 10th row is reversed (two cards), every 7th has a quoted field with `;` and a newline.
enum CSVImportBenchmark {
    static let name = "csv-import"
    static let targetRowsPerSecond = 150_000.0

    static let benchmark = Benchmark(
        name: name, summary: "import 100k and 1M CSV rows (streaming, staged in chunks)"
    ) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-bench-csv-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var peaks: [Int: Double] = [:]
        for rows in [100_000, 1_000_000] {
            let file = directory.appendingPathComponent("deck-\(rows).csv")
            try writeCSV(rows: rows, to: file)
            let store = try await Store.open(
                path: directory.appendingPathComponent("db-\(rows).sqlite").path, now: .system)
            progress("\(name): importing \(rows) rows…")
            let (report, measurement) = try await measure {
                try await DeckImporter.importFile(
                    path: file.path, format: .csv, topic: "Bench \(rows)", into: store, skipBad: false, dryRun: false)
            }
            guard report.summary.rows == rows else {
                throw PipelineError.input(file: file.path, problem: "imported \(report.summary.rows) of \(rows) rows")
            }
            let rate = Double(rows) / measurement.wallSeconds
            let label = rows == 1_000_000 ? "1m" : "100k"
            report_(
                metric: "rows_per_second.\(label)", value: rate, unit: "rows/s",
                goal: rows == 1_000_000 ? .atLeast(targetRowsPerSecond) : .none)
            report_(metric: "peak_rss.\(label)", value: measurement.peakRSSMegabytes, unit: "MiB")
            peaks[rows] = measurement.peakRSSMegabytes
            try? FileManager.default.removeItem(at: file)
        }
        if let small = peaks[100_000], let large = peaks[1_000_000] {
            // Flat memory: ten times the rows may not cost more than a little extra (SQLite's page cache is capped).
            report_(metric: "peak_rss.growth_1m_over_100k", value: large - small, unit: "MiB", goal: .atMost(32))
        }
    }

    private static func report_(metric: String, value: Double, unit: String, goal: BenchmarkResult.Goal = .none) {
        report(BenchmarkResult(benchmark: name, metric: metric, value: value, unit: unit, goal: goal))
    }

    /// Writes the file in 1 MiB pieces, so generating it does not inflate the measured process's memory either.
    static func writeCSV(rows: Int, to url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var buffer = "question;answer;explanation;reversed\n"
        for index in 1...rows {
            if index % 7 == 0 {
                buffer += "\"Question \(index); with a separator\";\"Answer \(index)\nover two lines\";;no\n"
            } else {
                buffer += "Question number \(index)?;Answer \(index);Because \(index % 97);"
                buffer += index % 10 == 0 ? "yes\n" : "\n"
            }
            if buffer.utf8.count > 1_048_576 {
                try handle.write(contentsOf: Data(buffer.utf8))
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: Data(buffer.utf8))
    }
}
