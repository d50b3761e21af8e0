import FCCore
import FCDeckFormats
import FCPipeline
import FCStore
import Foundation

/// One `fcgen import` of a large CSV into an existing SQLite file, in a child process of `fcgen-bench` (see
/// ``BenchChildRun``), so that its write lock is another process's, as `fcgen import` beside a worker is.
struct ImportRun: Codable {
    var databasePath: String
    var csvPath: String
    var rows: Int
    /// Rows per staging transaction; the file's row count makes the whole import one long transaction.
    var chunkRows: Int
    /// Cards per transaction moving into the new topic.
    var moveChunkCards: Int

    static let childFlag = "--import-child"

    struct Result: Codable {
        var seconds: Double
        var cardsStored: Int
        /// The longest write transaction of the import, and which step it was.
        var longestHoldMilliseconds: Double
        var longestHoldOperation: String
    }

    func perform() async throws -> Result {
        let store = try await Store.open(path: databasePath, now: .system)
        store.seams.longestWriteHold = nil
        let (report, measurement) = try await measure {
            try await DeckImporter.importFile(
                path: csvPath, format: .csv, topic: "Imported", into: store, skipBad: false, dryRun: false,
                chunkRows: chunkRows, moveChunkCards: moveChunkCards)
        }
        guard report.summary.rows == rows else {
            throw BenchmarkFailure("imported \(report.summary.rows) of \(rows) rows")
        }
        let hold = store.seams.longestWriteHold
        return Result(
            seconds: measurement.wallSeconds, cardsStored: report.summary.cardsStored,
            longestHoldMilliseconds: hold.map { Self.milliseconds($0.duration) } ?? 0,
            longestHoldOperation: hold?.operation ?? "")
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }
}

extension ImportRun: BenchChildRun {}
